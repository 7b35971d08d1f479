import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

/// `doubled()`: twice the size, each new pixel 3/4 of its nearest source
/// pixel and 1/4 of the next on each axis; a smooth picture enlarged half
/// way and doubled stays within a level of the whole way.
@Suite struct DoubledTests {
    @Test func aFlatPictureStaysFlatAndTheSizeDoubles() {
        let flat = Raster(width: 7, height: 5, fill: RGBA(10, 200, 77, 255))
        let big = flat.doubled()
        #expect(big.width == 14 && big.height == 10)
        for y in 0..<10 { for x in 0..<14 { #expect(big[x, y] == RGBA(10, 200, 77, 255)) } }
    }

    @Test func eachPixelMixesItsTwoNearestByThreeQuartersAndAQuarter() {
        var r = Raster(width: 3, height: 1, fill: RGBA(0, 0, 0, 255))
        r[1, 0] = RGBA(160, 80, 40, 255)
        let big = r.doubled()
        // Output 2 and 3 come from source 1, mixed with source 0 and 2.
        #expect(big[2, 0] == RGBA(120, 60, 30, 255) && big[3, 0] == RGBA(120, 60, 30, 255))
        // Output 1 is 3/4 of source 0 and 1/4 of source 1; the edges repeat.
        #expect(big[1, 0] == RGBA(40, 20, 10, 255) && big[0, 0] == RGBA(0, 0, 0, 255))
    }

    @Test func halfWayAndDoubledIsWithinALevelOfTheWholeWay() {
        var tiny = Raster(width: 18, height: 22, fill: .white)
        for y in 0..<22 { for x in 0..<18 { tiny[x, y] = RGBA(UInt8(x * 14), UInt8(y * 11), UInt8((x * y) % 200), 255) } }
        let frame = Rect(x: 1.5, y: 0, width: 15, height: 22)
        let whole = tiny.resized(to: PixelSize(width: 1080, height: 1920), from: frame)
        let doubled = tiny.resized(to: PixelSize(width: 540, height: 960), from: frame).doubled()
        var worst = 0
        for y in stride(from: 0, to: 1920, by: 3) {
            for x in stride(from: 0, to: 1080, by: 3) {
                let a = whole[x, y], b = doubled[x, y]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        #expect(worst <= 2, "differs by \(worst) levels")
    }

    /// Darkened as it is doubled: each colour channel the plain doubling's
    /// times what the veil keeps (`keep / 255`, as a scrim's fill), within
    /// its rounding; alpha untouched; nothing kept back, the same bytes.
    @Test func darkenedAsItIsDoubledIsTheVeilOverTheDoubling() {
        let noise = TestImages.noise(width: 31, height: 17, opaque: false, seed: 5)
        let plain = noise.doubled()
        #expect(noise.doubled(darkenedBy: 0) == plain)
        for opacity in [0.35, 0.5, 0.9, 1] {
            let keep = Int(((1 - opacity) * 255).rounded())
            let dark = noise.doubled(darkenedBy: opacity)
            var worst = 0
            for y in 0..<plain.height {
                for x in 0..<plain.width {
                    let p = plain[x, y], d = dark[x, y]
                    #expect(d.a == p.a)
                    for (c, k) in [(p.r, d.r), (p.g, d.g), (p.b, d.b)] {
                        worst = max(worst, abs(Int(k) * 255 - Int(c) * keep) / 255)
                    }
                }
            }
            #expect(worst <= 1, "\(opacity): \(worst) off the veil over the doubling")
        }
    }
}
