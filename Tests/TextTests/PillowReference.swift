import Foundation

/// Advance widths from an independent shaper: Pillow's Raqm layout (FriBidi
/// and HarfBuzz), run through python3. Nil when that is not available.
enum PillowReference {
    static let available: Bool = run("from PIL import features; print(int(features.check('raqm')))") == "1"

    /// The advance width of `text` in the font at `path`, `pixelSize` px per em.
    static func length(of text: String, font path: String, pixelSize: Int) -> Double? {
        let escaped = text.unicodeScalars.map { String(format: "\\U%08x", $0.value) }.joined()
        let script = """
            from PIL import ImageFont
            f = ImageFont.truetype("\(path)", \(pixelSize), layout_engine=ImageFont.Layout.RAQM)
            print(repr(f.getlength("\(escaped)")))
            """
        return run(script).flatMap(Double.init)
    }

    /// True when Pillow draws `text` and `other` to the same pixels, some
    /// of them inked, in the font at `path`; nil when it cannot be asked.
    /// With `other` a visual order written between LRO and PDF (so that
    /// nothing in it is reordered), this says whether Raqm's bidi
    /// (FriBidi) puts `text` in that order.
    static func drawsAlike(_ text: String, _ other: String, font path: String, pixelSize: Int) -> Bool? {
        func escaped(_ text: String) -> String { text.unicodeScalars.map { String(format: "\\U%08x", $0.value) }.joined() }
        let script = """
            from PIL import Image, ImageDraw, ImageFont
            f = ImageFont.truetype("\(path)", \(pixelSize), layout_engine=ImageFont.Layout.RAQM)
            def draw(t):
                image = Image.new("L", (\(pixelSize * 30), \(pixelSize * 2)))
                ImageDraw.Draw(image).text((\(pixelSize / 4), \(pixelSize / 4)), t, font=f, fill=255)
                return image.tobytes()
            a, b = draw("\(escaped(text))"), draw("\(escaped(other))")
            print(int(a == b and max(a) > 0))
            """
        return run(script).map { $0 == "1" }
    }

    private static func run(_ script: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
