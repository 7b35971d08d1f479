import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

/// Resampling a part of an image (`plan`, its `footprint`, then
/// `resample(_:plan:region:)`) gives the whole image's resample bit for bit.
@Suite struct ResamplerRegionTests {
    @Test(arguments: ResampleFilter.allCases)
    func regionResampleIsTheWholeOnes(filter: ResampleFilter) {
        var rng = SplitMix64(seed: 23)
        let resampler = Resampler(filter: filter, parallelism: .single)
        for mode in [AlphaMode.straight, .premultiplied] {
            let noise = TestImages.noise(width: 157, height: 113, opaque: false, seed: 5)
            let whole = mode == .premultiplied ? noise.premultiplied() : noise
            for _ in 0..<16 {
                // Crops anywhere, touching the edges or reaching past them,
                // shrinking and enlarging.
                let w = Double.random(in: 0.7...157, using: &rng), h = Double.random(in: 0.7...113, using: &rng)
                let rect = Rect(x: Double.random(in: -3...(157 - w + 3), using: &rng),
                                y: Double.random(in: -3...(113 - h + 3), using: &rng), width: w, height: h)
                let size = PixelSize(width: Int.random(in: 1...200, using: &rng), height: Int.random(in: 1...200, using: &rng))
                let plan = resampler.plan(sourceSize: whole.size, to: size, from: rect)
                let reads = plan.footprint
                #expect(reads.x >= 0 && reads.y >= 0 && reads.maxX <= 157 && reads.maxY <= 113)
                let expected = resampler.resample(whole, to: size, from: rect)
                #expect(resampler.resample(whole, plan: plan) == expected)
                let part = resampler.resample(whole.cropped(to: reads), plan: plan, region: reads)
                #expect(part == expected, "\(filter) \(mode) \(size) from \(rect), reads \(reads)")
                // A larger part serves as well.
                let larger = PixelRect(x: max(0, reads.x - 2), y: max(0, reads.y - 1),
                                       width: min(157, reads.maxX + 3) - max(0, reads.x - 2),
                                       height: min(113, reads.maxY + 1) - max(0, reads.y - 1))
                #expect(resampler.resample(whole.cropped(to: larger), plan: plan, region: larger) == expected)
            }
        }
    }

    /// The footprint is what the filter reads: a face-sized crop of a wide
    /// photo reads little more than the crop.
    @Test func footprintIsTheCropAndTheFilterReach() {
        let resampler = Resampler(filter: .lanczos3)
        let reads = resampler.plan(sourceSize: PixelSize(width: 2016, height: 1512), to: PixelSize(width: 600, height: 960),
                                   from: Rect(x: 614.5, y: 126, width: 787.5, height: 1260)).footprint
        // Lanczos3 shrinking 1.3125x reaches 3 x 1.3125 = 3.9 source pixels past each side.
        #expect(reads.x >= 614 - 5 && reads.x <= 614 - 3)
        #expect(reads.maxX >= 1402 + 3 && reads.maxX <= 1402 + 5)
        #expect(reads.y >= 126 - 5 && reads.maxY <= 1386 + 5)
    }
}
