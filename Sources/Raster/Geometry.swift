/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    @inlinable public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// Width times height (may overflow only for absurd sizes; callers
    /// that take sizes from files check with `Raster.byteCount`).
    public var area: Int { width * height }
    /// The size with width and height swapped.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }
    public var description: String { "\(width)x\(height)" }
}

/// A point in continuous pixel coordinates (pixel centres sit at +0.5).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A size in continuous units (points or pixels).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// width / height.
    public var aspectRatio: Double { width / height }
}

/// A rectangle in continuous coordinates; origin is its top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var size: Size { Size(width: width, height: height) }
    /// Moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
    /// Shrunk by `d` on every side (negative grows).
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
    /// True when `other` lies inside this rectangle, allowing `tolerance`.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.minY >= minY - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }
    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// A rectangle of whole pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The overlap with `other` (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    /// The parts of this rect outside `hole`, as at most four rects that do
    /// not overlap: full-width bands above and below it, and the parts to
    /// its left and right between them. Empty parts are left out.
    public func subtracting(_ hole: PixelRect) -> [PixelRect] {
        let cut = intersection(hole)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        return [PixelRect(x: x, y: y, width: width, height: cut.y - y),
                PixelRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY),
                PixelRect(x: x, y: cut.y, width: cut.x - x, height: cut.height),
                PixelRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height)].filter { !$0.isEmpty }
    }

    /// The parts of this rect outside every one of `holes` (`subtracting`
    /// each in turn): rects that do not overlap and cover the rest exactly.
    public func subtracting(_ holes: [PixelRect]) -> [PixelRect] {
        holes.reduce([self]) { parts, hole in parts.flatMap { $0.subtracting(hole) } }
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
