import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct ResamplerTests {
    static let exactFilters: [ResampleFilter] = [.automatic, .lanczos3, .catmullRom, .triangle, .box]

    @Test(arguments: exactFilters)
    func identityResizeReturnsTheSamePixels(filter: ResampleFilter) {
        let photo = TestImages.coordinates(width: 300, height: 70)
        #expect(photo.resized(to: photo.size, filter: filter) == photo)
    }

    @Test(arguments: exactFilters)
    func integerCropAtScaleOneReturnsTheCroppedPixels(filter: ResampleFilter) {
        let photo = TestImages.coordinates(width: 280, height: 260)
        let crop = PixelRect(x: 17, y: 5, width: 240, height: 251)
        let out = photo.resized(to: PixelSize(width: crop.width, height: crop.height),
                                from: Rect(x: 17, y: 5, width: 240, height: 251), filter: filter)
        #expect(out == photo.cropped(to: crop))
        #expect(out[0, 0] == TestImages.coordinateColor(x: 17, y: 5))
        #expect(out[239, 250] == TestImages.coordinateColor(x: 256, y: 255))
    }

    /// The unchecked conversion that packs output bytes truncates exactly
    /// as `UInt32(_:)` does over what it is given (0.5 ... 255.5): every
    /// float within 40 steps of each integer and half-integer there, and
    /// every 997th float from 0 to 256 (over a million).
    @Test func packingTruncatesAsTheCheckedConversion() {
        var values: [Float] = [0, 0.5, 255, 255.5, .leastNonzeroMagnitude]
        // Neighbouring floats of a positive float are its neighbouring bit patterns.
        let halves = (1...512).map { Float($0) / 2 }
        values += halves.flatMap { centre in (-40...40).map { Float(bitPattern: centre.bitPattern &+ UInt32(bitPattern: Int32($0))) } }
        var bits: UInt32 = 0
        while bits < Float(256).bitPattern {
            values.append(Float(bitPattern: bits))
            bits += 997
        }
        for value in values where value >= 0 {
            #expect(ResampleBand.truncated(value) == UInt32(value), "truncated(\(value))")
        }
    }

    @Test func boxHalvingAveragesEachTwoByTwoBlock() {
        let photo = TestImages.noise(width: 64, height: 48, opaque: true, seed: 7)
        let out = photo.resized(to: PixelSize(width: 32, height: 24), filter: .box)
        for y in 0..<24 {
            for x in 0..<32 {
                let block = [photo[2 * x, 2 * y], photo[2 * x + 1, 2 * y], photo[2 * x, 2 * y + 1], photo[2 * x + 1, 2 * y + 1]]
                func mean(_ c: KeyPath<RGBA, UInt8>) -> UInt8 {
                    UInt8((block.reduce(0) { $0 + Int($1[keyPath: c]) } + 2) / 4)
                }
                #expect(out[x, y] == RGBA(mean(\.r), mean(\.g), mean(\.b), 255), "at \(x), \(y)")
            }
        }
    }

    @Test(arguments: ResampleFilter.allCases)
    func flatColourStaysExactlyFlat(filter: ResampleFilter) {
        var rng = SplitMix64(seed: 11)
        for colour in [RGBA(200, 100, 50, 255), RGBA(255, 255, 255, 255), RGBA(30, 160, 90, 128)] {
            for mode in [AlphaMode.straight, .premultiplied] {
                let photo = Raster(width: 97, height: 61, alphaMode: mode, fill: colour)
                let expected = mode == .premultiplied ? colour.premultiplied : colour
                for _ in 0..<4 {
                    let size = PixelSize(width: Int.random(in: 1...150, using: &rng),
                                         height: Int.random(in: 1...150, using: &rng))
                    let rect = Rect(x: Double.random(in: -5...40, using: &rng), y: Double.random(in: -5...30, using: &rng),
                                    width: Double.random(in: 0.5...90, using: &rng),
                                    height: Double.random(in: 0.5...60, using: &rng))
                    let out = photo.resized(to: size, from: rect, filter: filter)
                    let wrong = (0..<size.height).flatMap { y in (0..<size.width).map { out[$0, y] } }
                        .first { $0 != expected }
                    #expect(wrong == nil, "\(colour) \(mode) \(size) from \(rect)")
                }
            }
        }
    }

    @Test(arguments: [AlphaMode.straight, .premultiplied])
    func transparentEdgesGetNoDarkFringe(mode: AlphaMode) {
        var photo = Raster(width: 90, height: 90, alphaMode: .straight, fill: .clear)
        for y in 30..<61 { for x in 30..<61 { photo[x, y] = RGBA(255, 0, 0, 255) } }
        if mode == .premultiplied { photo = photo.premultiplied() }
        for side in [7, 13, 29] {
            let out = photo.resized(to: PixelSize(width: side, height: side))
            #expect(out.alphaMode == mode)
            let straight = out.unpremultiplied()
            var partial = 0
            for y in 0..<side {
                for x in 0..<side {
                    let p = straight[x, y]
                    guard p.a > 0 else { continue }
                    if p.a < 255 { partial += 1 }
                    #expect(p.r >= 254 && p.g <= 1 && p.b <= 1, "fringe \(p) at \(x), \(y) for \(side)")
                }
            }
            #expect(partial > 0, "the edge should be partly transparent")
        }
    }

    @Test func outputHasExactlyTheRequestedSize() {
        let photo = TestImages.noise(width: 41, height: 23, opaque: false, seed: 3)
        for size in [PixelSize(width: 1, height: 1), PixelSize(width: 1, height: 200), PixelSize(width: 333, height: 2),
                     PixelSize(width: 41, height: 23), PixelSize(width: 40, height: 24)] {
            let out = photo.resized(to: size)
            #expect(out.size == size)
            #expect(out.alphaMode == .straight)
        }
    }

    @Test func cropReadsPixelsBeyondTheRectButClampsAtTheImageEdge() {
        // Left half black, right half white; crop starts on the boundary.
        var photo = Raster(width: 200, height: 40, alphaMode: .straight, fill: .white)
        for y in 0..<40 { for x in 0..<100 { photo[x, y] = .black } }
        let rect = Rect(x: 100, y: 0, width: 100, height: 40)
        let out = photo.resized(to: PixelSize(width: 50, height: 20), from: rect, filter: .lanczos3)
        let isolated = photo.cropped(to: PixelRect(x: 100, y: 0, width: 100, height: 40))
            .resized(to: PixelSize(width: 50, height: 20), filter: .lanczos3)
        #expect(out[0, 10].r < 250, "black outside the crop reaches its first column")
        #expect(isolated[0, 10].r == 255, "the image edge repeats white")
        #expect(out[49, 10] == RGBA.white)
        // A rect hanging off the image repeats the edge column.
        let shifted = photo.resized(to: PixelSize(width: 200, height: 40),
                                    from: Rect(x: -3, y: 0, width: 200, height: 40), filter: .box)
        for x in 0..<4 { #expect(shifted[x, 5] == .black) }
        #expect(shifted[103, 5] == .white)
    }

    @Test func threadedAndSingleThreadedResultsAreIdentical() {
        let photo = TestImages.noise(width: 300, height: 280, opaque: false, seed: 5)
        let size = PixelSize(width: 101, height: 97)
        let rect = Rect(x: 10.5, y: 3.25, width: 270, height: 250)
        let one = Resampler(parallelism: .single).resample(photo, to: size, from: rect)
        let two = Resampler(parallelism: .threads(3)).resample(photo, to: size, from: rect)
        #expect(one == two)
    }

    @Test(arguments: [ResampleKernel.lanczos3, .catmullRom, .mitchell, .triangle, .box])
    func weightsSumExactlyToOneAndStayInsideTheImage(kernel: ResampleKernel) {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<50 {
            let length = Int.random(in: 1...500, using: &rng)
            let count = Int.random(in: 1...400, using: &rng)
            let origin = Double.random(in: -10...Double(length), using: &rng)
            let extent = Double.random(in: 0.25...Double(length + 10), using: &rng)
            let w = ResampleWeights(kernel: kernel, sourceLength: length, origin: origin, extent: extent, outputCount: count)
            for i in 0..<count {
                let (start, weights) = w.window(i)
                #expect(weights.reduce(0, +) == ResampleWeights.one)
                #expect(start >= 0 && start + weights.count <= length)
            }
        }
    }
}
