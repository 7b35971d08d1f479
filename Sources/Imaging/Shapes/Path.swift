import PhotiCaseRaster
/// A filled outline made of closed polygonal contours, in continuous pixel
/// coordinates (y grows downwards, pixel centres sit at +0.5).
///
/// Contours are filled with the non-zero winding rule, so a hole is a
/// contour running the opposite way round to the one around it. Curved
/// primitives (ellipses, rounded corners) are flattened into segments short
/// enough that the polygon strays less than `Path.flatteningTolerance` from
/// the true curve.
public struct Path: Sendable, Equatable {
    /// The contours; each is implicitly closed (last point joins the first).
    public private(set) var contours: [[Point]]

    /// Largest distance, in pixels, between a flattened curve and the true
    /// curve: well under the 1/255 coverage step of an 8-bit mask edge pixel.
    public static let flatteningTolerance = 0.02

    /// An empty path.
    public init() { contours = [] }

    /// A path of the given contours.
    public init(contours: [[Point]]) {
        self.contours = []
        for c in contours { addPolygon(c) }
    }

    /// A path of one polygon.
    public init(polygon: [Point]) {
        self.init(contours: [polygon])
    }

    /// True when the path has no contour.
    public var isEmpty: Bool { contours.isEmpty }

    /// Adds one closed polygon; contours of fewer than three points enclose
    /// nothing and are dropped.
    public mutating func addPolygon(_ points: [Point]) {
        guard points.count >= 3 else { return }
        contours.append(points)
    }

    /// Adds every contour of `other`.
    public mutating func addPath(_ other: Path) {
        contours.append(contentsOf: other.contours)
    }

    /// The union of two paths' contours (non-zero rule: overlapping parts
    /// with the same direction stay filled).
    public func adding(_ other: Path) -> Path {
        var out = self
        out.addPath(other)
        return out
    }

    /// The same outline with every contour running the other way round;
    /// added to a path, it cuts a hole.
    public func reversed() -> Path {
        var out = Path()
        out.contours = contours.map { Array($0.reversed()) }
        return out
    }

    /// The path moved by (`dx`, `dy`).
    public func offsetBy(dx: Double, dy: Double) -> Path {
        mapPoints { Point(x: $0.x + dx, y: $0.y + dy) }
    }

    /// The path scaled by (`sx`, `sy`) about the origin. A negative factor
    /// mirrors and so flips the winding, which the fill rule ignores.
    public func scaledBy(_ sx: Double, _ sy: Double) -> Path {
        mapPoints { Point(x: $0.x * sx, y: $0.y * sy) }
    }

    /// The path with `transform` applied to every point.
    public func mapPoints(_ transform: (Point) -> Point) -> Path {
        var out = Path()
        out.contours = contours.map { $0.map(transform) }
        return out
    }

    /// The smallest rectangle holding every point, or nil for an empty path.
    public var bounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for c in contours {
            for p in c {
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The whole pixels touched by the path's bounding box, clipped to
    /// `limit` (empty when they do not meet).
    public func pixelBounds(within limit: PixelRect) -> PixelRect {
        guard let b = bounds else { return PixelRect(x: limit.x, y: limit.y, width: 0, height: 0) }
        // Clamped in floating point first so far-away points cannot overflow Int.
        func index(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
            v > Double(lo) ? (v < Double(hi) ? Int(v) : hi) : lo
        }
        let x0 = index(b.minX.rounded(.down), limit.x, limit.maxX)
        let y0 = index(b.minY.rounded(.down), limit.y, limit.maxY)
        let x1 = index(b.maxX.rounded(.up), limit.x, limit.maxX)
        let y1 = index(b.maxY.rounded(.up), limit.y, limit.maxY)
        return PixelRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    /// The enclosed area counted with sign: positive for contours running
    /// clockwise on screen (y down), negative for counter-clockwise ones.
    public var signedArea: Double {
        var total = 0.0
        for c in contours {
            var prev = c[c.count - 1]
            for p in c {
                total += prev.x * p.y - p.x * prev.y
                prev = p
            }
        }
        return total / 2
    }

    /// The part of the path inside `rect`, cut exactly along its edges.
    ///
    /// Each contour is clipped against the four half-planes in turn. Where a
    /// contour leaves and re-enters, the result runs along the rectangle's
    /// edge and back; those overlapping edges cancel in the coverage sum, so
    /// the fill is exact.
    public func clipped(to rect: Rect) -> Path {
        var out = Path()
        for c in contours {
            var pts = c
            pts = Path.clip(pts, keep: { $0.x >= rect.minX }, cross: { a, b in
                Path.lerp(a, b, (rect.minX - a.x) / (b.x - a.x)) })
            pts = Path.clip(pts, keep: { $0.x <= rect.maxX }, cross: { a, b in
                Path.lerp(a, b, (rect.maxX - a.x) / (b.x - a.x)) })
            pts = Path.clip(pts, keep: { $0.y >= rect.minY }, cross: { a, b in
                Path.lerp(a, b, (rect.minY - a.y) / (b.y - a.y)) })
            pts = Path.clip(pts, keep: { $0.y <= rect.maxY }, cross: { a, b in
                Path.lerp(a, b, (rect.maxY - a.y) / (b.y - a.y)) })
            out.addPolygon(pts)
        }
        return out
    }

    /// One Sutherland-Hodgman pass: keeps the points for which `keep` holds
    /// and inserts the crossing point wherever an edge crosses the boundary.
    private static func clip(_ pts: [Point], keep: (Point) -> Bool,
                             cross: (Point, Point) -> Point) -> [Point] {
        guard !pts.isEmpty else { return pts }
        var out: [Point] = []
        out.reserveCapacity(pts.count + 4)
        var prev = pts[pts.count - 1]
        var prevIn = keep(prev)
        for p in pts {
            let pIn = keep(p)
            if pIn != prevIn { out.append(cross(prev, p)) }
            if pIn { out.append(p) }
            prev = p
            prevIn = pIn
        }
        return out
    }

    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}
