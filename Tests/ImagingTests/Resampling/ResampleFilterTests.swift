import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct ResampleFilterTests {
    @Test func automaticShrinksWithLanczosAndEnlargesWithCatmullRomPerAxis() {
        let photo = TestImages.noise(width: 60, height: 40, opaque: true, seed: 21)
        for size in [PixelSize(width: 25, height: 17), PixelSize(width: 150, height: 90), PixelSize(width: 30, height: 70),
                     PixelSize(width: 90, height: 20)] {
            let auto = photo.resized(to: size)
            let lanczos = photo.resized(to: size, filter: .lanczos3)
            let catmull = photo.resized(to: size, filter: .catmullRom)
            switch (size.width < 60, size.height < 40) {
            case (true, true): #expect(auto == lanczos)
            case (false, false): #expect(auto == catmull)
            default: #expect(auto != lanczos && auto != catmull, "mixed axes use one filter each")
            }
        }
    }

    /// One-pixel stripes are at the Nyquist limit: a shrink must average
    /// them to grey rather than alias them into a new pattern, which only
    /// happens when the kernel widens with the scale. (Box and triangle
    /// are left out: over a non-whole number of pixels per output they
    /// leave a ripple by design. The outermost columns are left out: there
    /// the repeated edge pixel is meant to weigh in.)
    @Test(arguments: [ResampleFilter.lanczos3, .catmullRom, .mitchell])
    func shrinkingFineStripesGivesEvenGrey(filter: ResampleFilter) {
        var photo = Raster(width: 300, height: 8, alphaMode: .straight, fill: .black)
        for y in 0..<8 { for x in stride(from: 0, to: 300, by: 2) { photo[x, y] = .white } }
        let out = photo.resized(to: PixelSize(width: 43, height: 4), filter: filter)
        for x in 1..<42 {
            #expect(abs(Int(out[x, 2].g) - 128) <= 6, "column \(x): \(out[x, 2])")
        }
    }

    @Test func kernelsAreOneAtTheCentreAndVanishBeyondTheirRadius() {
        for kernel in [ResampleKernel.lanczos3, .catmullRom, .triangle, .box] {
            #expect(kernel(0) == 1)
            #expect(kernel(kernel.radius + 0.01) == 0 && kernel(-kernel.radius - 0.01) == 0)
        }
        #expect(abs(ResampleKernel.mitchell(0) - 8.0 / 9) < 1e-12)
        #expect(abs(ResampleKernel.mitchell(1) - 1.0 / 18) < 1e-12)
        #expect(abs(ResampleKernel.catmullRom(1)) < 1e-12)
        #expect(abs(ResampleKernel.lanczos3(1)) < 1e-12 && abs(ResampleKernel.lanczos3(2)) < 1e-12)
    }
}
