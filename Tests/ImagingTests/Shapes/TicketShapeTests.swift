import Testing
import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct TicketShapeTests {
    static let ticket = TicketShape(rect: Rect(x: 4, y: 4, width: 120, height: 72), cornerRadius: 8,
                                    notchRadius: 7, notchOffset: 48, perforationRadius: 1.5, perforationSpacing: 6)

    @Test func notchesAndHolesAreCutOut() {
        let t = Self.ticket
        let m = t.mask(width: 128, height: 80)
        #expect(m[4, 52] == 0 && m[9, 52] == 0, "left notch")
        #expect(m[123, 52] == 0 && m[118, 52] == 0, "right notch")
        #expect(m[4, 4] == 0, "rounded corner")
        #expect(m[64, 20] == 255 && m[4, 30] == 255)
        let holes = t.perforationPath.contours.map { c in
            Point(x: c.map(\.x).reduce(0, +) / Double(c.count), y: c.map(\.y).reduce(0, +) / Double(c.count))
        }
        #expect(holes.count > 10)
        for h in holes { #expect(m[Int(h.x), Int(h.y)] < 64, "hole at \(h)") }
        // Between two holes the card is solid.
        #expect(m[Int((holes[0].x + holes[1].x) / 2), 52] == 255)
    }

    @Test func areaMatchesTheGeometry() {
        let t = Self.ticket
        let holes = Double(t.perforationPath.contours.count)
        let expected = 120.0 * 72 - (4 - Double.pi) * 64 - Double.pi * 49 - holes * Double.pi * 2.25
        let m = t.mask(width: 128, height: 80)
        let area = Double(m.totalCoverage) / 255
        #expect(abs(area - expected) / expected < 0.002, "area \(area), expected \(expected)")
        #expect(abs(t.path.signedArea - expected) / expected < 0.001)
    }

    @Test func topAndBottomNotchesAreTheTransposedCard() {
        var t = Self.ticket
        t.notchEdges = .topAndBottom
        t.rect = Rect(x: 4, y: 4, width: 72, height: 120)
        let m = t.mask(width: 80, height: 128)
        let n = Self.ticket.mask(width: 128, height: 80)
        for y in 0..<128 { for x in 0..<80 { #expect(m[x, y] == n[y, x]) } }
    }
}
