import PhotiCaseCards
import PhotiCaseCodecs
import Foundation
import Testing
import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseTestSupport

/// Golden images under Tests/CardsTests/Golden, compared with a tolerance.
/// `PHOTICASE_UPDATE_GOLDEN=1 swift test --filter CardsTests` rewrites them.
enum Golden {
    static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Golden").path
    }()

    static var updating: Bool { ProcessInfo.processInfo.environment["PHOTICASE_UPDATE_GOLDEN"] == "1" }

    /// True when the fonts the goldens were made with are installed.
    static let fontsInstalled: Bool = {
        let nanum = FontFace.installed(family: "NanumSquareRound", language: "ko", weight: .bold)
            .contains { $0.path.hasSuffix("NanumSquareRoundB.ttf") }
        let dejaVu = FontFace.installed(family: "DejaVu Sans", language: "en", weight: .regular)
            .contains { $0.path.hasSuffix("DejaVuSans.ttf") }
        return nanum && dejaVu
    }()

    /// True when Noto Color Emoji, which the emoji goldens were made with, is installed.
    static let emojiFontInstalled: Bool = FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")


    /// Compares `raster` with the golden `name`.png under `tolerance`; a
    /// mismatch leaves the actual and a difference image for a look.
    static func check(_ raster: Raster, _ name: String, tolerance: Tolerance,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = "\(folder)/\(name).png"
        let straight = raster.unpremultiplied()
        if updating {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileIO.writeAtomically(try ImageEncoder.encode(straight, settings: .png(compressionLevel: 9)), to: path)
            return
        }
        let golden = try ImageDecoder.decodeFile(atPath: path).raster
        GoldenImage.compare(straight, golden, name: "cards-\(name)", tolerance: tolerance, sourceLocation: sourceLocation)
    }
}
