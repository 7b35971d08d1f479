import PhotiCaseConcurrency
import PhotiCaseRaster
import PhotiCaseCodecs
import Dispatch

/// Decoded photos shared by every renderer of a run, so a photo that two
/// items need at the same size is decoded once.
///
/// A ticket face and a day thumbnail both decode the entry's front photo.
/// For JPEG and WebP they decode it at different scales (1/2 for a face,
/// 1/8 for a tile: different pixels, and both must stay so each output is
/// a function of its own inputs only). A HEIC or AVIF without a usable
/// thumbnail, or an interlaced PNG, cannot shrink on load: both decode the
/// same full-size raster, and the second may as well take the first's.
///
/// - Key: the photo's path, its exact bytes (compared in full, not
///   hashed), the `DecodePlan` and the limits it was decoded under. Equal
///   plans on equal bytes give identical rasters, so sharing changes no pixel.
/// - Full-size plans are shared (`shares(_:)`); so are scaled plans of the
///   whole picture when the run has said the photo is loaded again
///   (`expect(loads:)`): a ticket's face and the entry's story and feed
///   images all ask a 12 MP JPEG at 1/2, one decode for three. A part of
///   a photo (a restricted JPEG decode) is sized for one consumer and
///   never kept.
/// - Single flight: a request for a decode in progress waits for it.
/// - Bounded: holds at most `limit` bytes (each raster's pixels plus the
///   file bytes kept to compare), least recently used out first; a decode
///   larger than that is handed to its waiters but not kept.
/// - Memory budget: a decode reserves its peak in the `MemoryBudget` while
///   it runs and gives it back, as without the cache. What the cache keeps
///   afterwards holds no reservation (it would block decodes for ever), so
///   it is capped at a quarter of the budget's limit instead: with the
///   default 1 GiB budget the cache's own `capacity` (128 MiB) applies.
public final class DecodedPhotoCache: Sendable {
    /// What the cache did, for tests and benchmarks.
    public struct Statistics: Sendable, Equatable {
        /// Decodes run through the cache (shared or not).
        public var decodes = 0
        /// Requests answered by a kept raster.
        public var hits = 0
        /// Requests that waited for another thread's decode of the same plan.
        public var joined = 0
        /// Requests for plans that are not shared (decoded, never kept).
        public var unshared = 0
        /// Kept rasters dropped to stay within the limit.
        public var evictions = 0
        /// Bytes kept now, and the most ever kept at once.
        public var heldBytes = 0
        public var peakHeldBytes = 0
        /// The most decodes ever kept at once.
        public var peakHeldCount = 0
    }

    /// The most decodes kept at once, however small.
    public static var maxHeld: Int { State.maxSlots }

    /// The cache's own limit when the memory budget allows it: two decoded
    /// 12 MP photos (46 MiB each) and their files. With `--jobs 2` a
    /// photo's consumers run next to each other (tickets, then their day),
    /// so at most two photos are wanted again at any time.
    public static let defaultCapacity = 128 << 20

    /// The most bytes kept, before the memory budget's cap.
    public let capacity: Int
    /// The budget decodes reserve from; a quarter of its limit caps the cache.
    public let budget: MemoryBudget
    private let state = Locked(State())

    public init(capacity: Int = DecodedPhotoCache.defaultCapacity, budget: MemoryBudget = .shared) {
        precondition(capacity >= 0, "decoded photo cache capacity \(capacity) must not be negative")
        self.capacity = capacity
        self.budget = budget
    }

    /// The most bytes kept now: `capacity`, or a quarter of the memory
    /// budget when that is less.
    public var limit: Int { min(capacity, budget.limit / 4) }

    /// Counts so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Tells the cache how many times this run will load each photo (by
    /// path; photos loaded once may be left out). From then on a decode is
    /// kept only while a later load of its photo is still to come, and
    /// dropped after the last one: a run keeps only what it will read
    /// again. Without this call every shared decode is kept, least
    /// recently used out first.
    public func expect(loads: [String: Int]) {
        state.withLock { $0.remaining = loads }
    }

    /// Whether the run said it loads `path` again after the load about to
    /// be made: a loader then takes the whole shared decode rather than a
    /// part (the same pixels), so the next load is served from it. False
    /// when the run said nothing (`expect(loads:)`).
    public func isLoadedAgain(_ path: String) -> Bool {
        state.withLock { ($0.remaining?[path] ?? 0) > 1 }
    }

    /// Whether decodes by `plan` are shared whatever the run said: full-size
    /// ones. (Whole-picture scaled plans are shared too once the run has
    /// said a photo is loaded again: `isLoadedAgain(_:)`.)
    public static func shares(_ plan: DecodePlan) -> Bool { plan.isFullSize }

    /// `bytes` (the file at `path`) decoded by `plan`: a kept raster, the
    /// one another thread is decoding, or a new decode. Throws what the
    /// decode threw (to every request that waited for it). `stop` ends a
    /// decode made for this request alone; a shared one, which others may
    /// be waiting for, runs to its end.
    public func decode(_ bytes: [UInt8], path: String, plan: DecodePlan,
                       limits: DecodeLimits, stop: StopSignal? = nil) throws(CodecError) -> DecodedImage {
        let shared = DecodedPhotoCache.shares(plan)
            || (plan.region == nil && state.withLock { $0.remaining != nil })
        guard shared else {
            state.withLock { s in
                // Still a load of the photo: counted, so that a decode kept
                // for the loads to come is let go after the last of them
                // (a JPEG face decodes a part, its day thumbnail the whole).
                if !s.countLoad(of: path) { s.dropAll(path) }
                s.statistics.unshared += 1
                s.statistics.decodes += 1
            }
            return try DecodedPhotoCache.run(bytes, plan: plan, limits: limits, budget: budget, stop: stop).get()
        }
        let key = Key(path: path, plan: plan, limits: limits)
        enum Step { case done(DecodedImage), wait(Flight), lead(Flight) }
        let step: Step = state.withLock { s in
            s.clock += 1
            let later = s.countLoad(of: path)
            if let slot = s.slots[key], slot.bytes == bytes {
                s.slots[key]?.lastUse = s.clock
                s.statistics.hits += 1
                // The photo's last load: nothing of it is wanted any more
                // (a face's 1/2 decode once its day's 1/4 one is served).
                if !later { s.dropAll(path) }
                return .done(slot.image)
            }
            if !later { s.dropAll(path) }
            if let flight = s.flights[key], flight.bytes == bytes {
                s.statistics.joined += 1
                return .wait(flight)
            }
            // A changed file under the same path and plan leads its own
            // decode; the older flight finishes for those waiting on it.
            let flight = Flight(bytes: bytes)
            flight.group.enter()
            if s.flights[key] == nil { s.flights[key] = flight }
            s.statistics.decodes += 1
            return .lead(flight)
        }
        switch step {
        case .done(let image):
            return image
        case .wait(let flight):
            flight.group.wait()
            return try flight.result.withLock { $0! }.get()
        case .lead(let flight):
            let result = DecodedPhotoCache.run(bytes, plan: plan, limits: limits, budget: budget)
            flight.result.withLock { $0 = result }
            let limit = self.limit
            state.withLock { s in
                if s.flights[key] === flight { s.flights[key] = nil }
                if case .success(let image) = result, s.wanted(path) {
                    s.keep(image, bytes: bytes, key: key, limit: limit)
                }
            }
            flight.group.leave()
            return try result.get()
        }
    }

    private static func run(_ bytes: [UInt8], plan: DecodePlan, limits: DecodeLimits,
                            budget: MemoryBudget, stop: StopSignal? = nil) -> Result<DecodedImage, CodecError> {
        do {
            return .success(try ImageDecoder.decode(bytes, plan: plan, limits: limits, budget: budget, stop: stop))
        } catch let error as CodecError {
            return .failure(error)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    struct Key: Hashable {
        var path: String
        var plan: DecodePlan
        /// A file refused under stricter limits must not be served decoded.
        var limits: DecodeLimits
    }

    /// A decode in progress: its waiters block on `group` until the leader
    /// has stored `result`.
    final class Flight: Sendable {
        let bytes: [UInt8]
        let group = DispatchGroup()
        let result = Locked<Result<DecodedImage, CodecError>?>(nil)
        init(bytes: [UInt8]) { self.bytes = bytes }
    }

    struct Slot {
        var bytes: [UInt8]
        var image: DecodedImage
        var cost: Int
        var lastUse: UInt64
    }

    struct State {
        /// The most decodes held at once, whatever their size.
        static let maxSlots = 16
        var slots: [Key: Slot] = [:]
        var flights: [Key: Flight] = [:]
        /// Loads still to come, by path, when the run said (`expect`).
        var remaining: [String: Int]?
        var clock: UInt64 = 0
        var statistics = Statistics()

        /// Counts one load of `path`; whether another is still to come
        /// (always, when the run said nothing).
        mutating func countLoad(of path: String) -> Bool {
            guard remaining != nil else { return true }
            guard let left = remaining?[path], left > 1 else {
                remaining?[path] = nil
                return false
            }
            remaining?[path] = left - 1
            return true
        }

        /// Whether a decode of `path` is to be kept: a load is still to come.
        func wanted(_ path: String) -> Bool {
            guard let remaining else { return true }
            return (remaining[path] ?? 0) > 0
        }

        /// Drops every decode of `path` kept.
        mutating func dropAll(_ path: String) {
            for key in slots.keys where key.path == path { drop(key) }
        }

        mutating func drop(_ key: Key) {
            guard let old = slots.removeValue(forKey: key) else { return }
            statistics.heldBytes -= old.cost
        }

        /// Keeps `image` when it fits in `limit`, dropping the least
        /// recently used first; replaces an older decode of the same key.
        mutating func keep(_ image: DecodedImage, bytes: [UInt8], key: Key, limit: Int) {
            if let old = slots.removeValue(forKey: key) { statistics.heldBytes -= old.cost }
            let cost = image.raster.pixels.count + bytes.count
            guard cost <= limit else { return }
            // Bounded in count too: a photo's consumers run one after the
            // other (see RenderOrder), so a few slots are all that is ever
            // read again, and the least recently used is found by a scan.
            // Without it, a book of small photos filled 128 MiB with
            // thousands of them, and every keep scanned them all.
            while statistics.heldBytes + cost > limit || slots.count >= State.maxSlots,
                  let oldest = slots.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                slots[oldest.key] = nil
                statistics.heldBytes -= oldest.value.cost
                statistics.evictions += 1
            }
            clock += 1
            slots[key] = Slot(bytes: bytes, image: image, cost: cost, lastUse: clock)
            statistics.heldBytes += cost
            statistics.peakHeldBytes = max(statistics.peakHeldBytes, statistics.heldBytes)
            statistics.peakHeldCount = max(statistics.peakHeldCount, slots.count)
        }
    }
}
