import Foundation
import Testing
import PhotiCaseTestSupport
import PhotiCaseRaster

/// The golden comparison itself: a change a loose bound would let pass
/// fails under a per-test tolerance, and leaves its images to look at.
@Suite struct GoldenImageTests {
    static func picture(_ shift: UInt8 = 0) -> Raster {
        var r = Raster(width: 16, height: 8, fill: RGBA(200, 120, 40))
        for x in 4..<8 { for y in 0..<8 { r[x, y] = RGBA(200, 120 &+ shift, 40) } }
        return r
    }

    @Test func aTwentyLevelChangeFailsAndLeavesItsImages() throws {
        let name = "golden-image-test-\(UUID().uuidString)"
        withKnownIssue {
            GoldenImage.compare(Self.picture(20), Self.picture(), name: name, tolerance: .rounding)
        }
        for kind in ["actual", "diff"] {
            let path = "\(GoldenImage.failures)/\(name).\(kind).png"
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    @Test func roundingPassesAndNeedsNoImages() {
        GoldenImage.compare(Self.picture(2), Self.picture(), name: "never-written", tolerance: .rounding)
        #expect(!FileManager.default.fileExists(atPath: "\(GoldenImage.failures)/never-written.actual.png"))
    }
}
