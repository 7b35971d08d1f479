import PhotiCaseCards
import PhotiCaseDocument
import PhotiCaseRaster

/// The trim sizes the print book is made in (`render --page`): A5 by
/// default, A4, and 6×9 inches, the trade size print-on-demand services
/// (Lulu, Blurb, KDP) offer most.
public enum PrintPageSize: String, CaseIterable, Sendable, Hashable {
    case a5
    case a4
    case sixByNine = "6x9in"

    /// Width and height of the trimmed page in millimetres.
    public var trimMillimetres: (width: Double, height: Double) {
        switch self {
        case .a5: (148, 210)
        case .a4: (210, 297)
        case .sixByNine: (152.4, 228.6)
        }
    }
}

/// Where things go on a print page, in units of 1/300 inch (a photo of
/// `n` units across is placed at 300 ppi with `n` pixels). The page cairo
/// is given is the trim size plus the bleed all round (the media box);
/// the trim box is inset by the bleed, and text stays inside the safe
/// area, `margin` inside the trim, as print services ask.
public struct PrintGeometry: Sendable, Hashable {
    /// The writer's units: a box of `n` units holds `n` pixels at 300 ppi.
    public static let unitsPerInch = PDFWriter.unitsPerInch
    /// Bleed on each side: 3 mm, what Blurb, Lulu and most print shops ask.
    public static let bleedMillimetres = 3.0
    /// From the trim edge to anything that must not be cut: 12 mm, past
    /// the 6-10 mm print services ask, and room for a binding's gutter.
    public static let marginMillimetres = 12.0

    public let size: PrintPageSize

    public init(_ size: PrintPageSize) { self.size = size }

    /// `mm` millimetres in units.
    public static func units(mm: Double) -> Double { mm * unitsPerInch / 25.4 }
    /// `points` typographic points in units (a TextStyle's pixel size).
    public static func units(points: Double) -> Double { points * unitsPerInch / 72 }

    public var bleed: Double { Self.units(mm: Self.bleedMillimetres) }
    /// The whole page, bleed included.
    public var media: Rect {
        let trim = size.trimMillimetres
        return Rect(x: 0, y: 0, width: Self.units(mm: trim.width) + 2 * bleed,
                    height: Self.units(mm: trim.height) + 2 * bleed)
    }
    /// The page as it is cut.
    public var trim: Rect { media.insetBy(bleed) }
    /// Where text and what must not be cut go.
    public var safe: Rect { trim.insetBy(Self.units(mm: Self.marginMillimetres)) }
}
