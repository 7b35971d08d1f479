import Foundation
import Testing
import PhotiCaseImaging
import PhotiCaseRaster

/// Coverage of `path` at pixel (x, y) by brute force: the fraction of an
/// n x n grid of sample points inside (non-zero winding), for comparison.
func sampledCoverage(_ path: Path, _ x: Int, _ y: Int, n: Int = 32) -> Double {
    var inside = 0
    for sy in 0..<n {
        for sx in 0..<n {
            let px = Double(x) + (Double(sx) + 0.5) / Double(n)
            let py = Double(y) + (Double(sy) + 0.5) / Double(n)
            var winding = 0
            for c in path.contours {
                var a = c[c.count - 1]
                for b in c {
                    if (a.y <= py) != (b.y <= py) {
                        let t = (py - a.y) / (b.y - a.y)
                        if a.x + t * (b.x - a.x) > px { winding += b.y > a.y ? 1 : -1 }
                    }
                    a = b
                }
            }
            if winding != 0 { inside += 1 }
        }
    }
    return Double(inside) / Double(n * n)
}

@Suite struct PathRasterizerTests {
    @Test func fractionalRectangleHasExactCoverage() {
        let r = Rect(x: 10.25, y: 5.5, width: 10.5, height: 9.75) // x 10.25...20.75, y 5.5...15.25
        let m = AlphaMask(path: .rect(r), width: 32, height: 24)
        #expect(Int(m[10, 10]) == 191)
        #expect(Int(m[20, 10]) == 191)
        #expect(Int(m[15, 5]) == 128)
        #expect(Int(m[15, 15]) == 64)
        #expect(Int(m[15, 10]) == 255)
        for y in 0..<24 {
            for x in 0..<32 {
                let ox = max(0, min(Double(x + 1), r.maxX) - max(Double(x), r.minX))
                let oy = max(0, min(Double(y + 1), r.maxY) - max(Double(y), r.minY))
                #expect(abs(Int(m[x, y]) - Int((ox * oy * 255).rounded())) <= 1, "pixel \(x),\(y)")
            }
        }
    }

    @Test func diagonalEdgeSplitsPixelsInHalf() {
        let m = AlphaMask(path: Path(polygon: [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 4)]),
                          width: 6, height: 6)
        for i in 0..<4 {
            #expect(Int(m[i, 3 - i]) == 128, "diagonal pixel \(i)")
            for x in 0..<(3 - i) { #expect(m[x, i] == 255) }
            for x in (4 - i)..<6 { #expect(m[x, i] == 0) }
        }
    }

    @Test(arguments: [3.3, 10.0, 40.7])
    func circleAreaIsPiRSquared(radius: Double) {
        let size = Int(2 * radius) + 6
        let c = Double(size) / 2 + 0.3
        let m = AlphaMask(path: .circle(center: Point(x: c, y: c), radius: radius), width: size, height: size)
        let area = Double(m.totalCoverage) / 255
        let expected = Double.pi * radius * radius
        #expect(abs(area - expected) / expected < 0.005, "area \(area), expected \(expected)")
    }

    /// Polygons with steep, shallow and sub-pixel edges, checked against
    /// sampling: every pixel must be within 3/255 of the sampled coverage.
    static let polygons: [[Point]] = [
        [Point(x: 1.2, y: 1.7), Point(x: 30.6, y: 4.1), Point(x: 12.3, y: 19.9)],
        [Point(x: 2, y: 10.5), Point(x: 30.3, y: 9.8), Point(x: 29.9, y: 11.2), Point(x: 2.2, y: 11.9)],
        [Point(x: 16, y: 0.5), Point(x: 20.2, y: 12), Point(x: 31.4, y: 12.6), Point(x: 22.5, y: 19),
         Point(x: 26, y: 30.1), Point(x: 16.3, y: 23), Point(x: 5.1, y: 30.4), Point(x: 9.4, y: 18.8),
         Point(x: 0.6, y: 12.2), Point(x: 11.7, y: 11.9)],
    ]

    @Test(arguments: polygons.indices)
    func polygonMatchesSampledCoverage(index: Int) {
        let path = Path(polygon: Self.polygons[index])
        let m = AlphaMask(path: path, width: 32, height: 32)
        var worst = 0.0
        for y in 0..<32 {
            for x in 0..<32 {
                worst = max(worst, abs(Double(m[x, y]) / 255 - sampledCoverage(path, x, y)))
            }
        }
        #expect(worst <= 3.0 / 255, "worst difference \(worst * 255)/255")
        #expect(abs(Double(m.totalCoverage) / 255 - abs(path.signedArea)) < 0.01 * abs(path.signedArea))
    }

    @Test(arguments: [(0, 37), (19, 5), (23, 64)])
    func wholePixelShiftsShiftTheMask(dx: Int, dy: Int) {
        // Rows are resolved in bands and runs of columns in blocks; moving a
        // shape by whole pixels changes where those splits fall, never the result.
        var p = TicketShapeTests.ticket.path
        p.addPath(StarShape(center: Point(x: 60.3, y: 30.2), outerRadius: 25.1).outlinePath(strokeWidth: 3))
        let a = AlphaMask(path: p, width: 128, height: 80)
        let b = AlphaMask(path: p.offsetBy(dx: Double(dx), dy: Double(dy)), width: 128 + dx, height: 80 + dy)
        for y in 0..<80 {
            for x in 0..<128 where a[x, y] != b[x + dx, y + dy] {
                Issue.record("pixel \(x),\(y): \(a[x, y]) vs \(b[x + dx, y + dy])")
                return
            }
        }
    }

    @Test func reversedWindingFillsTheSame() {
        let star = StarShape(center: Point(x: 20.3, y: 19.6), outerRadius: 17.2).path
        #expect(AlphaMask(path: star, width: 40, height: 40) == AlphaMask(path: star.reversed(), width: 40, height: 40))
    }

    @Test func reversedInnerContourLeavesAHole() {
        var p = Path()
        p.addRect(Rect(x: 2, y: 2, width: 20, height: 20))
        p.addRect(Rect(x: 8, y: 8, width: 8, height: 8), direction: .counterClockwise)
        let m = AlphaMask(path: p, width: 24, height: 24)
        for y in 8..<16 { for x in 8..<16 { #expect(m[x, y] == 0) } }
        #expect(m[4, 4] == 255 && m[18, 12] == 255 && m[12, 19] == 255)
        #expect(m.totalCoverage == (400 - 64) * 255)
    }

    @Test func overlappingContoursClampAtFullCoverage() {
        var p = Path.rect(Rect(x: 2.5, y: 2.5, width: 10, height: 10))
        p.addRect(Rect(x: 2.5, y: 2.5, width: 10, height: 10))
        let twice = AlphaMask(path: p, width: 16, height: 16)
        #expect(twice.coverage.max() == 255)
        #expect(twice[6, 6] == 255)
        #expect(twice[2, 6] == 255, "two half-covering edges add up, clamped")
    }

    @Test func nothingOutsideTheBoundingBox() {
        let star = StarShape(center: Point(x: 30.5, y: 25.2), outerRadius: 14.6)
        let m = AlphaMask(path: star.path, width: 64, height: 48)
        let box = star.path.pixelBounds(within: PixelRect(x: 0, y: 0, width: 64, height: 48))
        for y in 0..<48 {
            for x in 0..<64 where x < box.x || x >= box.maxX || y < box.y || y >= box.maxY {
                #expect(m[x, y] == 0, "pixel \(x),\(y) outside \(box)")
            }
        }
        #expect(m.totalCoverage > 0)
    }

    @Test func shapesCrossingTheMaskEdgeAreClipped() {
        let m = AlphaMask(path: .rect(Rect(x: -5.5, y: -3, width: 10, height: 30)), width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<4 { #expect(m[x, y] == 255) }
            #expect(m[4, y] == 128)
            for x in 5..<8 { #expect(m[x, y] == 0) }
        }
        let far = AlphaMask(path: Path(polygon: [Point(x: -1e300, y: -1e300), Point(x: 1e300, y: 4),
                                                 Point(x: 3, y: 1e300)]), width: 8, height: 8)
        #expect(far.width == 8)
    }

    @Test func coveringRectOffsetsThePath() {
        let p = Path.rect(Rect(x: 100.5, y: 50, width: 3, height: 2))
        let m = AlphaMask(path: p, covering: PixelRect(x: 100, y: 50, width: 5, height: 3))
        #expect(m.coverage == [128, 255, 255, 128, 0, 128, 255, 255, 128, 0, 0, 0, 0, 0, 0])
    }
}
