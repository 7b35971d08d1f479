import PhotiCaseConcurrency
import PhotiCaseCards
import PhotiCaseCodecs
import Dispatch
import Testing
import PhotiCaseRaster
import PhotiCaseDiary

/// Full-size photo decodes are shared between loaders, once per plan and
/// bytes, within a byte budget; the pictures are those made without sharing.
@Suite struct DecodedPhotoCacheTests {
    let photos = TestPhotos()

    static let face = PixelSize(width: 300, height: 480)
    static let tile = PixelSize(width: 64, height: 64)

    /// Loads `raster`, written as `name`, at a face's and a day tile's size
    /// through one cache; checks the pictures are those made without it.
    func loadFaceAndTile(_ raster: Raster, _ name: String) throws -> DecodedPhotoCache.Statistics {
        let photo = FacePhoto(name: name, path: try photos.write(raster, name))
        let cache = DecodedPhotoCache()
        let shared = PhotoLoader(decodedPhotos: cache)
        for size in [Self.face, Self.tile] {
            let (with, without) = (try shared.load(photo, size: size), try PhotoLoader().load(photo, size: size))
            #expect(with.raster == without.raster && with.warnings == without.warnings, "\(name) at \(size)")
        }
        return cache.statistics
    }

    /// A photo smaller than both regions: the face and the day tile both
    /// need the whole image, one decode serves both.
    @Test func equalPlansShareOneDecode() throws {
        let stats = try loadFaceAndTile(TestPhotos.scene(width: 120, height: 80, hue: 30), "small.png")
        #expect(stats.decodes == 1 && stats.hits == 1 && stats.unshared == 0, "\(stats)")
    }

    /// A JPEG's face is a 1/2 DCT decode and its tile a 1/8 one: different
    /// pixels, two decodes, neither kept.
    @Test func aJPEGFaceAndTileDoNotShare() throws {
        let stats = try loadFaceAndTile(TestPhotos.scene(width: 1600, height: 1200, hue: 200), "big.jpg")
        #expect(stats.decodes == 2 && stats.hits == 0 && stats.unshared == 2 && stats.heldBytes == 0, "\(stats)")
    }

    /// Six different photos through a cache with room for two: it never
    /// holds more than its limit, drops the least recently used, and keeps
    /// nothing larger than the limit.
    @Test func neverHoldsMoreThanItsLimit() throws {
        let files = (0..<6).map { i in Fixture.png(TestPhotos.scene(width: 100, height: 100, hue: i * 50)) }
        let one = 100 * 100 * 4 + files.map(\.count).max()!
        let cache = DecodedPhotoCache(capacity: one * 5 / 2, budget: MemoryBudget(limit: 1 << 30))
        for (i, bytes) in files.enumerated() {
            _ = try cache.decode(bytes, path: "/p\(i).png", plan: Fixture.fullPlan(bytes), limits: DecodeLimits())
            #expect(cache.statistics.heldBytes <= cache.limit)
            // The first photo, used again, stays while others come and go.
            _ = try cache.decode(files[0], path: "/p0.png", plan: Fixture.fullPlan(files[0]), limits: DecodeLimits())
        }
        let stats = cache.statistics
        #expect(stats.peakHeldBytes <= cache.limit && stats.heldBytes <= cache.limit, "\(stats)")
        #expect(stats.decodes == 6 && stats.hits == 6 && stats.evictions == 4, "\(stats)")

        let big = Fixture.png(TestPhotos.scene(width: 400, height: 400, hue: 10))
        _ = try cache.decode(big, path: "/big.png", plan: Fixture.fullPlan(big), limits: DecodeLimits())
        _ = try cache.decode(big, path: "/big.png", plan: Fixture.fullPlan(big), limits: DecodeLimits())
        #expect(cache.statistics.decodes == 8 && cache.statistics.peakHeldBytes <= cache.limit)
    }

    /// Many small photos, each far under the byte limit: the cache keeps no
    /// more than `maxHeld` of them (a book of thumbnail-sized photos once
    /// filled it with thousands, and every keep scanned them all).
    @Test func keepsAFewDecodesHoweverSmall() throws {
        let cache = DecodedPhotoCache(budget: MemoryBudget(limit: 1 << 30))
        let bytes = Fixture.png(TestPhotos.scene(width: 16, height: 12, hue: 90))
        let plan = try Fixture.fullPlan(bytes)
        for i in 0..<(DecodedPhotoCache.maxHeld * 4) {
            _ = try cache.decode(bytes, path: "/small-\(i).png", plan: plan, limits: DecodeLimits())
        }
        let stats = cache.statistics
        #expect(stats.decodes == DecodedPhotoCache.maxHeld * 4, "\(stats)")
        #expect(stats.peakHeldCount == DecodedPhotoCache.maxHeld, "\(stats)")
        #expect(stats.evictions == DecodedPhotoCache.maxHeld * 3, "\(stats)")
        // The most recent one is still there.
        let last = "/small-\(DecodedPhotoCache.maxHeld * 4 - 1).png"
        _ = try cache.decode(bytes, path: last, plan: plan, limits: DecodeLimits())
        #expect(cache.statistics.hits == 1)
    }

    /// Told how often each photo will be loaded, the cache keeps a decode
    /// only until its last load, and never one loaded once.
    @Test func keepsOnlyWhatARunWillLoadAgain() throws {
        let cache = DecodedPhotoCache(budget: MemoryBudget(limit: 1 << 30))
        let twice = Fixture.png(TestPhotos.scene(width: 40, height: 30, hue: 10))
        let once = Fixture.png(TestPhotos.scene(width: 40, height: 30, hue: 200))
        cache.expect(loads: ["/twice.png": 2])
        _ = try cache.decode(once, path: "/once.png", plan: Fixture.fullPlan(once), limits: DecodeLimits())
        #expect(cache.statistics.heldBytes == 0)
        _ = try cache.decode(twice, path: "/twice.png", plan: Fixture.fullPlan(twice), limits: DecodeLimits())
        #expect(cache.statistics.heldBytes > 0)
        _ = try cache.decode(twice, path: "/twice.png", plan: Fixture.fullPlan(twice), limits: DecodeLimits())
        let stats = cache.statistics
        #expect(stats.decodes == 2 && stats.hits == 1 && stats.heldBytes == 0, "\(stats)")
        // A load nobody announced is served, and not kept.
        _ = try cache.decode(twice, path: "/twice.png", plan: Fixture.fullPlan(twice), limits: DecodeLimits())
        #expect(cache.statistics.decodes == 3 && cache.statistics.heldBytes == 0)
    }

    /// A load by a plan that is not shared still counts: a decode kept for
    /// it is let go after the photo's last load, whichever plan that is.
    @Test func unsharedLoadsCountTowardsTheLast() throws {
        let cache = DecodedPhotoCache(budget: MemoryBudget(limit: 1 << 30))
        let raster = TestPhotos.scene(width: 40, height: 30, hue: 10)
        let png = Fixture.png(raster)
        cache.expect(loads: ["/p.png": 2])
        _ = try cache.decode(png, path: "/p.png", plan: Fixture.fullPlan(png), limits: DecodeLimits())
        #expect(cache.statistics.heldBytes > 0)
        let jpeg = try ImageEncoder.encode(raster, settings: .jpeg())
        let part = try Fixture.fullPlan(jpeg).restricted(to: PixelRect(x: 0, y: 0, width: 10, height: 10))
        _ = try cache.decode(jpeg, path: "/p.png", plan: part, limits: DecodeLimits())
        #expect(cache.statistics.unshared == 1 && cache.statistics.heldBytes == 0, "\(cache.statistics)")
    }

    /// A small square JPEG, which both its face and its day tile decode
    /// whole at full size: told the photo is loaded twice, the face takes
    /// the whole decode (not a part) and the tile is served from it, and
    /// nothing stays held after. Untold, the face decodes its part and the
    /// tile the whole photo: two decodes. The pictures are those made
    /// without the cache either way.
    @Test func aSmallJPEGFaceAndTileShareOneDecode() throws {
        let path = try photos.write(TestPhotos.scene(width: 80, height: 80, hue: 60), "small.jpg")
        let photo = FacePhoto(name: "small.jpg", path: path)
        for told in [true, false] {
            let cache = DecodedPhotoCache()
            if told { cache.expect(loads: [path: 2]) }
            let loader = PhotoLoader(decodedPhotos: cache)
            for size in [Self.face, Self.tile] {
                #expect(try loader.load(photo, size: size).raster == PhotoLoader().load(photo, size: size).raster)
            }
            let stats = cache.statistics
            if told {
                #expect(stats.decodes == 1 && stats.hits == 1 && stats.unshared == 0 && stats.heldBytes == 0, "\(stats)")
            } else {
                #expect(stats.decodes == 2 && stats.unshared == 1, "\(stats)")
            }
        }
    }

    /// A large JPEG loaded three times at one scale (a ticket's face, then
    /// the entry's story and feed images, all at 1/2): told so, the first
    /// load decodes the whole picture at that scale (not its part) and the
    /// other two are served from it; the day tile, at another scale and
    /// the photo's last load, decodes only its part, and nothing stays
    /// held after it. Every picture is the one made without the cache.
    @Test func oneScaledDecodeServesEveryLoadThatAsksIt() throws {
        let path = try photos.write(TestPhotos.scene(width: 1600, height: 1200, hue: 120), "scaled.jpg")
        let photo = FacePhoto(name: "scaled.jpg", path: path)
        let cache = DecodedPhotoCache(budget: MemoryBudget(limit: 1 << 30))
        cache.expect(loads: [path: 4])
        let loader = PhotoLoader(decodedPhotos: cache)
        for size in [Self.face, PixelSize(width: 480, height: 600), PixelSize(width: 540, height: 450), Self.tile] {
            #expect(try loader.load(photo, size: size).raster == PhotoLoader().load(photo, size: size).raster, "\(size)")
        }
        let stats = cache.statistics
        #expect(stats.decodes == 2 && stats.hits == 2 && stats.unshared == 1, "the tile decodes its part: \(stats)")
        #expect(stats.heldBytes == 0 && stats.peakHeldCount == 1, "\(stats)")
    }

    /// The memory budget caps the cache at a quarter of its limit.
    @Test func theMemoryBudgetCapsTheCache() {
        let cache = DecodedPhotoCache(capacity: 1 << 30, budget: MemoryBudget(limit: 8 << 20))
        #expect(cache.limit == 2 << 20)
        #expect(DecodedPhotoCache(budget: MemoryBudget(limit: 1 << 30)).limit == DecodedPhotoCache.defaultCapacity)
    }

    /// Two threads asking for the same decode at once: one decodes, the
    /// other waits for it (or finds it kept), and both get its pixels.
    @Test func twoThreadsAtOnceDecodeOnce() throws {
        let bytes = Fixture.png(TestPhotos.busy(width: 1500, height: 1000))
        let plan = try Fixture.fullPlan(bytes)
        for _ in 0..<3 {
            let cache = DecodedPhotoCache()
            let results = Fixture.Results()
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                results.set(i, try? cache.decode(bytes, path: "/same.png", plan: plan, limits: DecodeLimits()).raster)
            }
            let stats = cache.statistics
            #expect(stats.decodes == 1 && stats.joined + stats.hits == 1, "\(stats)")
            #expect(results.values[0] != nil && results.values[0] == results.values[1])
        }
    }

    /// A changed file under the same path is decoded again, not taken from
    /// the cache.
    @Test func otherBytesUnderTheSamePathAreDecodedAgain() throws {
        let a = Fixture.png(TestPhotos.flat(RGBA(200, 0, 0)))
        let b = Fixture.png(TestPhotos.flat(RGBA(0, 0, 200)))
        let cache = DecodedPhotoCache()
        let first = try cache.decode(a, path: "/x.png", plan: Fixture.fullPlan(a), limits: DecodeLimits())
        let second = try cache.decode(b, path: "/x.png", plan: Fixture.fullPlan(b), limits: DecodeLimits())
        #expect(first.raster[0, 0] == RGBA(200, 0, 0) && second.raster[0, 0] == RGBA(0, 0, 200))
        #expect(cache.statistics.decodes == 2 && cache.statistics.hits == 0)
    }

    enum Fixture {
        static func png(_ raster: Raster) -> [UInt8] {
            try! ImageEncoder.encode(raster, settings: .png(compressionLevel: 1))
        }

        static func fullPlan(_ bytes: [UInt8]) throws -> DecodePlan {
            DecodePlan(info: try ImageDecoder.inspect(bytes), options: DecodeOptions())
        }

        final class Results: @unchecked Sendable {
            private(set) var values: [Raster?] = [nil, nil]
            private let lock = DispatchSemaphore(value: 1)
            func set(_ i: Int, _ raster: Raster?) {
                lock.wait()
                values[i] = raster
                lock.signal()
            }
        }
    }
}
