/// The print boxes the finisher writes on every page.
///
/// The media box is the page `PDFWriter.beginPage` was given (bleed
/// included); the bleed box is the same; the trim box is the media box
/// inset by `bleed` on each side.
public struct PDFPageBoxes: Sendable, Equatable {
    /// Bleed on each side of the trim box, in page units (300 an inch).
    public var bleed: Double

    public init(bleed: Double) {
        precondition(bleed.isFinite && bleed >= 0, "bleed \(bleed) must be a finite, non-negative length")
        self.bleed = bleed
    }

    /// The bleed in PDF points.
    var bleedPoints: Double { bleed * 72 / PDFWriter.unitsPerInch }

    /// The trim box of a page whose media box is `media` ([x0 y0 x1 y1] in
    /// points), or nil when the bleed leaves nothing of it.
    func trimBox(media: [Double]) -> [Double]? {
        guard media.count == 4 else { return nil }
        let b = bleedPoints
        let box = [media[0] + b, media[1] + b, media[2] - b, media[3] - b]
        return box[2] > box[0] && box[3] > box[1] ? box : nil
    }

    /// `box` as a PDF array of numbers with three decimals, written here
    /// rather than by a formatter so that no locale and no library version
    /// can change the bytes.
    static func array(_ box: [Double]) -> String {
        "[" + box.map(fixed3).joined(separator: " ") + "]"
    }

    /// `value` rounded to thousandths, with exactly three decimals.
    static func fixed3(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let magnitude = thousandths.magnitude
        let fraction = String(magnitude % 1000)
        let sign = thousandths < 0 ? "-" : ""
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
