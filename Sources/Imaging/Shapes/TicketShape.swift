import PhotiCaseRaster
/// The outline of a ticket card: a rounded rectangle with a semicircular
/// notch bitten out of two opposite edges, and a perforation line of small
/// round holes running between the notches.
public struct TicketShape: Sendable, Hashable {
    /// Which pair of edges carries the notches.
    public enum NotchEdges: Sendable, Hashable {
        /// Notches in the left and right edges; the perforation runs across.
        case leftAndRight
        /// Notches in the top and bottom edges; the perforation runs down.
        case topAndBottom
    }

    /// The card's bounds.
    public var rect: Rect
    /// Radius of the card's four corners.
    public var cornerRadius: Double
    /// Radius of each notch.
    public var notchRadius: Double
    /// Where the notch centres sit along the notched edges, measured from
    /// the card's top (or left, for `.topAndBottom`) edge.
    public var notchOffset: Double
    /// Which edges are notched.
    public var notchEdges: NotchEdges
    /// Radius of each perforation hole; 0 for no perforation.
    public var perforationRadius: Double
    /// Distance between neighbouring perforation hole centres.
    public var perforationSpacing: Double

    public init(rect: Rect, cornerRadius: Double, notchRadius: Double, notchOffset: Double,
                notchEdges: NotchEdges = .leftAndRight, perforationRadius: Double = 0, perforationSpacing: Double = 0) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.notchRadius = notchRadius
        self.notchOffset = notchOffset
        self.notchEdges = notchEdges
        self.perforationRadius = perforationRadius
        self.perforationSpacing = perforationSpacing
    }

    /// The card with its notches and perforation holes cut out.
    public var path: Path {
        var p = outlinePath
        p.addPath(perforationPath.reversed())
        return p
    }

    /// The card with its notches, without the perforation.
    public var outlinePath: Path {
        // Built for left/right notches; top/bottom is the same card with x and
        // y swapped (a mirror, so every contour flips direction together).
        let r = canonicalRect
        let k = CornerRadii(cornerRadius).fitted(to: r.size).topLeft
        let ny = r.minY + notchOffset
        let nr = notchRadius
        precondition(ny - nr >= r.minY + k && ny + nr <= r.maxY - k,
                     "notch at \(notchOffset) radius \(nr) does not fit between the corners of \(rect)")
        let h = Double.pi / 2
        var pts: [Point] = []
        Path.appendArc(&pts, Point(x: r.minX + k, y: r.minY + k), k, k, 2 * h, 3 * h)
        Path.appendArc(&pts, Point(x: r.maxX - k, y: r.minY + k), k, k, 3 * h, 4 * h)
        // Down the right edge, then round the notch into the card.
        Path.appendArc(&pts, Point(x: r.maxX, y: ny), nr, nr, -h, -3 * h)
        Path.appendArc(&pts, Point(x: r.maxX - k, y: r.maxY - k), k, k, 0, h)
        Path.appendArc(&pts, Point(x: r.minX + k, y: r.maxY - k), k, k, h, 2 * h)
        // Up the left edge, round its notch.
        Path.appendArc(&pts, Point(x: r.minX, y: ny), nr, nr, h, -h)
        return oriented(Path(polygon: pts))
    }

    /// The perforation holes, as filled circles (clockwise), evenly spread
    /// between the notches and centred on the line joining them.
    public var perforationPath: Path {
        guard perforationRadius > 0, perforationSpacing > 0 else { return Path() }
        let r = canonicalRect
        let ny = r.minY + notchOffset
        // Keep one spacing of clear card after each notch.
        let from = r.minX + notchRadius + perforationSpacing
        let to = r.maxX - notchRadius - perforationSpacing
        guard to >= from else { return Path() }
        let count = Int(((to - from) / perforationSpacing).rounded(.down)) + 1
        let start = (from + to) / 2 - Double(count - 1) * perforationSpacing / 2
        var p = Path()
        for i in 0..<count {
            p.addCircle(center: Point(x: start + Double(i) * perforationSpacing, y: ny), radius: perforationRadius)
        }
        return oriented(p)
    }

    /// The coverage of `path` on a `width` x `height` mask.
    public func mask(width: Int, height: Int) -> AlphaMask {
        AlphaMask(path: path, width: width, height: height)
    }

    private var canonicalRect: Rect {
        notchEdges == .leftAndRight ? rect : Rect(x: rect.y, y: rect.x, width: rect.height, height: rect.width)
    }

    private func oriented(_ p: Path) -> Path {
        notchEdges == .leftAndRight ? p : p.mapPoints { Point(x: $0.y, y: $0.x) }
    }
}
