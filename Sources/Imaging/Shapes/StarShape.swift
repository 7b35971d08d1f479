#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PhotiCaseRaster

/// How one star of a rating row is drawn.
public enum StarFill: Sendable, Hashable, CaseIterable {
    /// The whole star filled.
    case full
    /// The left half filled, the right half drawn as an outline.
    case half
    /// Only the outline.
    case empty

    /// The stars for `rating` out of `count`, rounded to the nearest half:
    /// 3.4 of 5 gives full, full, full, half, empty.
    public static func row(rating: Double, count: Int = 5) -> [StarFill] {
        let halves = Int((Swift.max(0, Swift.min(Double(count), rating)) * 2).rounded())
        return (0..<count).map { i in
            let left = halves - 2 * i
            return left >= 2 ? .full : (left == 1 ? .half : .empty)
        }
    }
}

/// A star polygon with alternating outer and inner vertices.
public struct StarShape: Sendable, Hashable {
    /// The centre of the star.
    public var center: Point
    /// Distance from the centre to each tip.
    public var outerRadius: Double
    /// Distance from the centre to each inner corner.
    public var innerRadius: Double
    /// Number of tips (at least 3).
    public var points: Int
    /// Clockwise turn in radians; at 0 the first tip points straight up.
    public var rotation: Double

    /// A star; without `innerRadius` its edges line up as in a regular star
    /// polygon (the classic five-pointed star).
    public init(center: Point, outerRadius: Double, innerRadius: Double? = nil, points: Int = 5, rotation: Double = 0) {
        precondition(points >= 3, "a star needs at least 3 points")
        self.center = center
        self.outerRadius = outerRadius
        self.innerRadius = innerRadius ?? outerRadius * StarShape.regularInnerRatio(points: points)
        self.points = points
        self.rotation = rotation
    }

    /// Inner over outer radius of the regular star polygon {n/2}, whose
    /// edges pass through two tips: cos(2 pi / n) / cos(pi / n). For fewer
    /// than five points that would be degenerate, so one half is used.
    public static func regularInnerRatio(points n: Int) -> Double {
        n >= 5 ? cos(2 * Double.pi / Double(n)) / cos(Double.pi / Double(n)) : 0.5
    }

    /// The 2 * `points` corners, clockwise on screen, starting at the top tip.
    public var vertices: [Point] {
        (0..<(2 * points)).map { i in
            let r = i.isMultiple(of: 2) ? outerRadius : innerRadius
            let a = rotation - Double.pi / 2 + Double(i) * Double.pi / Double(points)
            return Point(x: center.x + r * cos(a), y: center.y + r * sin(a))
        }
    }

    /// The filled star.
    public var path: Path { Path(polygon: vertices) }

    /// The star's left half (everything left of the centre), filled.
    public var leftHalfPath: Path {
        let r = Swift.max(outerRadius, innerRadius) + 1
        return path.clipped(to: Rect(x: center.x - r, y: center.y - r, width: r, height: 2 * r))
    }

    /// The star's outline, `strokeWidth` wide, lying inside the filled star:
    /// the star with a hole that is the star moved inwards by `strokeWidth`
    /// along every edge. A stroke too wide to leave a hole gives the filled star.
    public func outlinePath(strokeWidth: Double) -> Path {
        var p = path
        let v = vertices
        let hole = Self.inset(v, by: strokeWidth)
        // Once the stroke is wider than the star, moved edges flip direction.
        let n = v.count
        for i in 0..<n {
            let a = v[i], b = v[(i + 1) % n], c = hole[i], d = hole[(i + 1) % n]
            if (b.x - a.x) * (d.x - c.x) + (b.y - a.y) * (d.y - c.y) <= 0 { return p }
        }
        p.addPolygon(hole.reversed())
        return p
    }

    /// The coverage of one rating star drawn as `fill`, with outlines
    /// `strokeWidth` wide, on a `width` x `height` mask.
    public func mask(_ fill: StarFill, strokeWidth: Double, width: Int, height: Int) -> AlphaMask {
        switch fill {
        case .full:
            return AlphaMask(path: path, width: width, height: height)
        case .empty:
            return AlphaMask(path: outlinePath(strokeWidth: strokeWidth), width: width, height: height)
        case .half:
            // Joined as masks (maximum), not as paths: the outline and the
            // half share edges, and summing two partial edge coverages
            // would darken those edge pixels.
            var m = AlphaMask(path: outlinePath(strokeWidth: strokeWidth), width: width, height: height)
            m.formUnion(AlphaMask(path: leftHalfPath, width: width, height: height))
            return m
        }
    }

    /// The polygon with each edge moved `d` towards the inside (a clockwise
    /// polygon's inside lies to the right of each edge as seen on screen);
    /// each corner moves to where its two moved edges meet.
    static func inset(_ v: [Point], by d: Double) -> [Point] {
        let n = v.count
        func normal(_ a: Point, _ b: Point) -> Point {
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            return Point(x: -dy / len, y: dx / len)
        }
        return (0..<n).map { i in
            let prev = v[(i + n - 1) % n], cur = v[i], next = v[(i + 1) % n]
            let n1 = normal(prev, cur), n2 = normal(cur, next)
            let k = d / (1 + n1.x * n2.x + n1.y * n2.y)
            return Point(x: cur.x + k * (n1.x + n2.x), y: cur.y + k * (n1.y + n2.y))
        }
    }
}
