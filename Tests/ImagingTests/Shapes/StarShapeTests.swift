import Testing
import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct StarShapeTests {
    @Test(arguments: [
        (0.0, [StarFill.empty, .empty, .empty, .empty, .empty]),
        (2.5, [.full, .full, .half, .empty, .empty]),
        (3.4, [.full, .full, .full, .half, .empty]),
        (3.8, [.full, .full, .full, .full, .empty]),
        (7.0, [.full, .full, .full, .full, .full]),
    ])
    func ratingRow(rating: Double, expected: [StarFill]) {
        #expect(StarFill.row(rating: rating) == expected)
    }

    @Test func firstTipPointsUp() {
        let v = StarShape(center: Point(x: 10, y: 10), outerRadius: 8).vertices
        #expect(v.count == 10)
        #expect(abs(v[0].x - 10) < 1e-12 && abs(v[0].y - 2) < 1e-12)
    }

    @Test func regularStarEdgesJoinTipsTwoApart() {
        // In a regular five-pointed star, a tip, the next inner corner and
        // the tip after next lie on one line.
        let v = StarShape(center: Point(x: 0, y: 0), outerRadius: 1).vertices
        let (a, b, c) = (v[0], v[1], v[4])
        #expect(abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) < 1e-12)
    }

    @Test func halfStarIsFilledLeftAndOutlinedRight() {
        // Centre on a pixel boundary, so the left half's cut is exact.
        let star = StarShape(center: Point(x: 32, y: 33), outerRadius: 28)
        let full = star.mask(.full, strokeWidth: 3, width: 64, height: 64)
        let empty = star.mask(.empty, strokeWidth: 3, width: 64, height: 64)
        let half = star.mask(.half, strokeWidth: 3, width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<32 { #expect(half[x, y] == full[x, y], "left pixel \(x),\(y)") }
            for x in 32..<64 { #expect(half[x, y] == empty[x, y], "right pixel \(x),\(y)") }
        }
        #expect(empty[32, 33] == 0 && full[32, 33] == 255)
    }

    @Test func outlineHasTheStrokeWidth() {
        let star = StarShape(center: Point(x: 40, y: 40), outerRadius: 36)
        let w = 4.0
        let outline = star.outlinePath(strokeWidth: w)
        // The hole is the star moved in by w along every edge, so the ring's
        // area is the perimeter times w less the corner overlaps; measure
        // instead the distance from the midpoint of an edge to the hole.
        let v = star.vertices
        let hole = outline.contours[1].reversed() as [Point]
        let mid = Point(x: (v[0].x + v[1].x) / 2, y: (v[0].y + v[1].y) / 2)
        let (p, q) = (hole[0], hole[1])
        let dist = abs((q.x - p.x) * (mid.y - p.y) - (q.y - p.y) * (mid.x - p.x))
            / ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        #expect(abs(dist - w) < 1e-9)
        let m = AlphaMask(path: outline, width: 80, height: 80)
        #expect(m[40, 40] == 0)
        // 8 px below the top tip (y 4) the star is 5.5 px wide and the hole
        // starts only at y 4 + w / sin 18 degrees, about 16.9.
        #expect(m[40, 12] == 255 && m[39, 12] == 255, "below the top tip lies in the stroke")
        #expect(m[40, 24] == 0 && m[39, 24] == 0, "the hole starts below")
    }

    @Test func strokeWiderThanTheStarFillsIt() {
        let star = StarShape(center: Point(x: 20, y: 20), outerRadius: 16)
        #expect(star.outlinePath(strokeWidth: 7) == star.path)
        #expect(star.outlinePath(strokeWidth: 2).contours.count == 2)
    }
}
