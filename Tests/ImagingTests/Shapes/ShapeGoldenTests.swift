import Testing
import PhotiCaseTestSupport
import PhotiCaseImaging
import PhotiCaseRaster

/// Shapes rendered and compared with the references in ../Golden.
@Suite struct ShapeGoldenTests {
    static let card = RGBA(250, 246, 236)
    static let gold = RGBA(235, 160, 30)

    @Test func starRatingRow() throws {
        var r = Raster(width: 128, height: 32, fill: Self.card)
        for (i, fill) in StarFill.row(rating: 2.5).enumerated() {
            // Fractional centres, so edges fall anywhere within pixels.
            let star = StarShape(center: Point(x: 13.3 + 25.2 * Double(i), y: 16.6), outerRadius: 11.7)
            r.fill(mask: star.mask(fill, strokeWidth: 1.6, width: 128, height: 32), paint: .solid(Self.gold), at: 0, 0)
        }
        try Golden.check(r, "star-rating", tolerance: .rounding)
    }

    @Test func notchedTicketWithPerforation() throws {
        let t = TicketShape(rect: Rect(x: 4.5, y: 6, width: 119, height: 68), cornerRadius: 9,
                            notchRadius: 7.5, notchOffset: 46.3, perforationRadius: 1.6, perforationSpacing: 6.5)
        try Golden.check(t.mask(width: 128, height: 80), "ticket-mask", tolerance: .rounding)
    }
}
