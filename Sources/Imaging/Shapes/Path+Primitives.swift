#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PhotiCaseRaster

/// Which way round a contour runs, as seen on screen (y down).
public enum PathDirection: Sendable, Hashable {
    /// Clockwise on screen: positive `Path.signedArea`. The default for shapes.
    case clockwise
    /// Counter-clockwise on screen; inside a clockwise contour it cuts a hole.
    case counterClockwise
}

/// Radii of the four corners of a rounded rectangle.
public struct CornerRadii: Sendable, Hashable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// The same radius on every corner.
    public init(_ all: Double) {
        self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all)
    }

    /// The radii scaled down together, as CSS does, so that no two corners
    /// on one side overlap within a `size` rectangle; negative radii become 0.
    public func fitted(to size: Size) -> CornerRadii {
        let tl = Swift.max(0, topLeft), tr = Swift.max(0, topRight)
        let br = Swift.max(0, bottomRight), bl = Swift.max(0, bottomLeft)
        var f = 1.0
        for (sum, side) in [(tl + tr, size.width), (bl + br, size.width),
                            (tl + bl, size.height), (tr + br, size.height)] where sum > side {
            f = Swift.min(f, side / sum)
        }
        return CornerRadii(topLeft: tl * f, topRight: tr * f, bottomRight: br * f, bottomLeft: bl * f)
    }
}

extension Path {
    /// Adds an axis-aligned rectangle.
    public mutating func addRect(_ r: Rect, direction: PathDirection = .clockwise) {
        add([Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
             Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)], direction)
    }

    /// Adds a rectangle with circular corners of `radii` (fitted to the rectangle).
    public mutating func addRoundedRect(_ r: Rect, radii: CornerRadii, direction: PathDirection = .clockwise) {
        let k = radii.fitted(to: r.size)
        var pts: [Point] = []
        let h = Double.pi / 2
        // Clockwise on screen, starting at the top-left corner's end of the top edge.
        Path.appendArc(&pts, Point(x: r.minX + k.topLeft, y: r.minY + k.topLeft), k.topLeft, k.topLeft, 2 * h, 3 * h)
        Path.appendArc(&pts, Point(x: r.maxX - k.topRight, y: r.minY + k.topRight), k.topRight, k.topRight, 3 * h, 4 * h)
        Path.appendArc(&pts, Point(x: r.maxX - k.bottomRight, y: r.maxY - k.bottomRight),
                       k.bottomRight, k.bottomRight, 0, h)
        Path.appendArc(&pts, Point(x: r.minX + k.bottomLeft, y: r.maxY - k.bottomLeft), k.bottomLeft, k.bottomLeft, h, 2 * h)
        add(pts, direction)
    }

    /// Adds a rectangle with the same `radius` on every corner.
    public mutating func addRoundedRect(_ r: Rect, radius: Double, direction: PathDirection = .clockwise) {
        addRoundedRect(r, radii: CornerRadii(radius), direction: direction)
    }

    /// Adds the ellipse inscribed in `rect`.
    public mutating func addEllipse(in rect: Rect, direction: PathDirection = .clockwise) {
        let rx = rect.width / 2, ry = rect.height / 2
        guard rx > 0, ry > 0 else { return }
        let n = Path.segmentCount(radius: Swift.max(rx, ry), angle: 2 * Double.pi)
        // Vertices sit slightly outside the curve so the polygon's area equals
        // the ellipse's: the error is then spread evenly inside and outside.
        let step = 2 * Double.pi / Double(n)
        let grow = (step / sin(step)).squareRoot()
        var pts: [Point] = []
        pts.reserveCapacity(n)
        for i in 0..<n {
            let a = Double(i) * step
            pts.append(Point(x: rect.midX + rx * grow * cos(a), y: rect.midY + ry * grow * sin(a)))
        }
        add(pts, direction)
    }

    /// Adds a circle.
    public mutating func addCircle(center: Point, radius: Double, direction: PathDirection = .clockwise) {
        addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
                    direction: direction)
    }

    /// A path of one rectangle.
    public static func rect(_ r: Rect) -> Path {
        var p = Path(); p.addRect(r); return p
    }

    /// A path of one rounded rectangle.
    public static func roundedRect(_ r: Rect, radii: CornerRadii) -> Path {
        var p = Path(); p.addRoundedRect(r, radii: radii); return p
    }

    /// A path of one circle.
    public static func circle(center: Point, radius: Double) -> Path {
        var p = Path(); p.addCircle(center: center, radius: radius); return p
    }

    /// A path of one ellipse.
    public static func ellipse(in rect: Rect) -> Path {
        var p = Path(); p.addEllipse(in: rect); return p
    }

    /// Adds `pts` (given clockwise) running in `direction`.
    mutating func add(_ pts: [Point], _ direction: PathDirection) {
        addPolygon(direction == .clockwise ? pts : pts.reversed())
    }

    /// How many segments keep a polygon within `flatteningTolerance` of an
    /// arc of `radius` spanning `angle` radians: a chord of angle t strays
    /// r(1 - cos(t/2)) from the arc.
    static func segmentCount(radius: Double, angle: Double) -> Int {
        guard radius > flatteningTolerance else { return 1 }
        let t = 2 * acos(1 - flatteningTolerance / radius)
        return Swift.max(2, Int((abs(angle) / t).rounded(.up)))
    }

    /// Appends the points of an elliptical arc from angle `a0` to `a1`
    /// (radians; with y down, increasing angles run clockwise on screen).
    /// A zero radius appends just the centre.
    ///
    /// The end points lie on the curve; the points between sit slightly
    /// outside it, by the factor that makes the polygon's area equal the
    /// sector's, so coverage sums stay exact instead of falling short.
    static func appendArc(_ pts: inout [Point], _ c: Point, _ rx: Double, _ ry: Double, _ a0: Double, _ a1: Double) {
        if rx <= 0 || ry <= 0 { pts.append(c); return }
        let n = segmentCount(radius: Swift.max(rx, ry), angle: a1 - a0)
        let step = (a1 - a0) / Double(n)
        // Area of the fan (end spokes 1, inner spokes g) over the unit sector:
        // (n - 2) g^2 + 2 g = n * step / sin(step).
        let k = Double(n) * step / sin(step)
        let g = n > 2 ? ((1 + Double(n - 2) * k).squareRoot() - 1) / Double(n - 2) : k / 2
        for i in 0...n {
            let a = a0 + Double(i) * step
            let f = i == 0 || i == n ? 1 : g
            pts.append(Point(x: c.x + rx * f * cos(a), y: c.y + ry * f * sin(a)))
        }
    }
}
