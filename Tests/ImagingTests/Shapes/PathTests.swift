import Testing
import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct PathTests {
    @Test func rectangleAreaAndDirection() {
        let r = Path.rect(Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(r.signedArea == 12)
        #expect(r.reversed().signedArea == -12)
        #expect(r.bounds == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(Path().bounds == nil)
    }

    @Test func degenerateContoursAreDropped() {
        #expect(Path(polygon: [Point(x: 0, y: 0), Point(x: 1, y: 1)]).isEmpty)
    }

    @Test func clippingCutsExactly() {
        let r = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let clipped = r.clipped(to: Rect(x: 2.5, y: -5, width: 20, height: 7))
        #expect(abs(clipped.signedArea - 7.5 * 2) < 1e-9)
        let star = StarShape(center: Point(x: 0, y: 0), outerRadius: 10)
        let half = star.leftHalfPath
        #expect(abs(half.signedArea - star.path.signedArea / 2) < 1e-9)
        #expect(half.bounds!.maxX <= 1e-12)
    }

    @Test func roundedRectangleArea() {
        let r = Rect(x: 0, y: 0, width: 40, height: 30)
        let p = Path.roundedRect(r, radii: CornerRadii(8))
        let expected = 40.0 * 30 - (4 - Double.pi) * 64
        #expect(abs(p.signedArea - expected) < 0.05)
    }

    @Test func cornerRadiiScaleDownTogether() {
        let k = CornerRadii(topLeft: 30, topRight: 30, bottomRight: 10, bottomLeft: -4).fitted(to: Size(width: 40, height: 100))
        #expect(k.topLeft == 20 && k.topRight == 20 && k.bottomLeft == 0)
        #expect(abs(k.bottomRight - 20.0 / 3) < 1e-12)
    }

    @Test func ellipseStaysCloseToTheCurve() {
        let p = Path.ellipse(in: Rect(x: -50, y: -20, width: 100, height: 40))
        for v in p.contours[0] {
            // Distance from the curve, measured along the ray from the centre.
            let onCurve = 1 / ((v.x / 50) * (v.x / 50) + (v.y / 20) * (v.y / 20)).squareRoot()
            let dist = (v.x * v.x + v.y * v.y).squareRoot() * abs(1 - onCurve)
            #expect(dist < Path.flatteningTolerance)
        }
        #expect(abs(p.signedArea - Double.pi * 50 * 20) < 0.001 * Double.pi * 50 * 20)
    }
}
