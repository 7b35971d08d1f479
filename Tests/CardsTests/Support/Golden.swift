import Cards
import Codecs
import Foundation
import Testing
import Text
import Raster

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


    /// Compares `raster` with the golden `name`.png: at most `maxDifference`
    /// in any channel of any pixel and a PSNR of at least 40 dB.
    static func check(_ raster: Raster, _ name: String, maxDifference: Int = 24,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = "\(folder)/\(name).png"
        let straight = raster.unpremultiplied()
        if updating {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileIO.writeAtomically(try ImageEncoder.encode(straight, settings: .png(compressionLevel: 9)), to: path)
            return
        }
        let golden = try ImageDecoder.decodeFile(atPath: path).raster
        try #require(golden.size == straight.size, "\(name): size \(straight.size), golden \(golden.size)",
                     sourceLocation: sourceLocation)
        var worst = 0
        var squares = 0.0
        for (a, b) in zip(golden.pixels, straight.pixels) {
            let d = abs(Int(a) - Int(b))
            worst = max(worst, d)
            squares += Double(d * d)
        }
        let mse = squares / Double(golden.pixels.count)
        let psnr = mse == 0 ? Double.infinity : 10 * log10(255 * 255 / mse)
        #expect(worst <= maxDifference && psnr >= 40,
                "\(name): max channel difference \(worst), PSNR \(psnr) dB (regenerate with PHOTICASE_UPDATE_GOLDEN=1)",
                sourceLocation: sourceLocation)
    }
}
