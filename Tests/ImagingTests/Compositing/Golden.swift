import Foundation
import Testing
import PhotiCaseRaster
import PhotiCaseTestSupport

/// Compares rendered images with the reference PAM files in ../Golden
/// (a folder holding no sources, so the package can exclude it whole).
///
/// With `PHOTICASE_UPDATE_GOLDEN=1` in the environment the references are
/// rewritten from the current output instead (see ../Golden/README.md).
enum Golden {

    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Golden")
    }
    static var updating: Bool { ProcessInfo.processInfo.environment["PHOTICASE_UPDATE_GOLDEN"] == "1" }

    /// Compares `raster` with the golden `name`.pam under `tolerance`.
    static func check(_ raster: Raster, _ name: String, tolerance: Tolerance,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let straight = raster.unpremultiplied()
        try check(.rgba(width: raster.width, height: raster.height, pixels: straight.pixels), name, tolerance: tolerance,
                  sourceLocation: sourceLocation)
    }

    /// Compares `mask` with the golden `name`.pam under `tolerance`.
    static func check(_ mask: AlphaMask, _ name: String, tolerance: Tolerance,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(.gray(width: mask.width, height: mask.height, pixels: mask.coverage), name, tolerance: tolerance,
                  sourceLocation: sourceLocation)
    }

    private static func check(_ image: PAM.Image, _ name: String, tolerance: Tolerance,
                              sourceLocation: SourceLocation) throws {
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
            let gray = { if case .gray = image { true } else { false } }()
            GoldenImage.compare(raster(w, h, a, gray: gray), raster(ew, eh, b, gray: gray), name: "imaging-\(name)",
                                tolerance: tolerance, sourceLocation: sourceLocation)
        default:
            Issue.record("\(name): image kind differs from the golden", sourceLocation: sourceLocation)
        }
    }

    /// PAM pixels as a raster (a gray mask as opaque gray).
    private static func raster(_ width: Int, _ height: Int, _ pixels: [UInt8], gray: Bool) -> Raster {
        guard gray else { return Raster(width: width, height: height, pixels: pixels) }
        return Raster(width: width, height: height, pixels: pixels.flatMap { [$0, $0, $0, 255] })
    }
}
