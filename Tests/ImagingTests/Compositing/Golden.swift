import Foundation
import Testing
import Raster

/// Compares rendered images with the reference PAM files in ../Golden
/// (a folder holding no sources, so the package can exclude it whole).
///
/// With `PHOTICASE_UPDATE_GOLDEN=1` in the environment the references are
/// rewritten from the current output instead (see ../Golden/README.md).
enum Golden {
    /// Largest per-channel difference accepted: room for floating-point
    /// differences between platforms, far below any visible change.
    static let tolerance = 2

    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Golden")
    }
    static var updating: Bool { ProcessInfo.processInfo.environment["PHOTICASE_UPDATE_GOLDEN"] == "1" }

    static func check(_ raster: Raster, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let straight = raster.unpremultiplied()
        try check(.rgba(width: raster.width, height: raster.height, pixels: straight.pixels), name,
                  sourceLocation: sourceLocation)
    }

    static func check(_ mask: AlphaMask, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(.gray(width: mask.width, height: mask.height, pixels: mask.coverage), name,
                  sourceLocation: sourceLocation)
    }

    private static func check(_ image: PAM.Image, _ name: String, sourceLocation: SourceLocation) throws {
        let url = folder.appendingPathComponent(name + ".pam")
        if updating {
            try PAM.encode(image).write(to: url)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("missing golden \(name).pam: run with PHOTICASE_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        let expected = try PAM.decode(data)
        switch (image, expected) {
        case let (.rgba(w, h, a), .rgba(ew, eh, b)), let (.gray(w, h, a), .gray(ew, eh, b)):
            #expect(w == ew && h == eh, "\(name): size \(w)x\(h), golden \(ew)x\(eh)", sourceLocation: sourceLocation)
            guard a.count == b.count else { return }
            var worst = 0, at = 0
            for i in 0..<a.count where abs(Int(a[i]) - Int(b[i])) > worst {
                worst = abs(Int(a[i]) - Int(b[i])); at = i
            }
            #expect(worst <= tolerance, "\(name): channel differs by \(worst) at byte \(at)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(name): image kind differs from the golden", sourceLocation: sourceLocation)
        }
    }
}
