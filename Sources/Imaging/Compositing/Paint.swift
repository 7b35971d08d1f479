#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PhotiCaseRaster

/// What a fill lays down: one colour, or a colour varying along a line.
public enum Paint: Sendable, Hashable {
    /// One straight-alpha colour everywhere.
    case solid(RGBA)
    /// A linear gradient.
    case linearGradient(LinearGradient)
}

/// A colour at a position (0 at a gradient's start point, 1 at its end).
public struct GradientStop: Sendable, Hashable {
    public var location: Double
    public var color: RGBA
    public init(_ location: Double, _ color: RGBA) {
        self.location = location
        self.color = color
    }
}

/// Colour varying along the line from `start` to `end` and constant across
/// it; beyond either end the end colour continues.
///
/// Colours are interpolated premultiplied, so a stop fading to transparent
/// does not drag the colour towards the transparent stop's (meaningless)
/// colour channels.
public struct LinearGradient: Sendable, Hashable {
    public var start: Point
    public var end: Point
    /// At least two stops, sorted by location.
    public private(set) var stops: [GradientStop]

    /// A gradient through `stops` (sorted here; stops at equal locations
    /// make a hard step, in the given order).
    public init(start: Point, end: Point, stops: [GradientStop]) {
        precondition(stops.count >= 2, "a gradient needs at least two stops")
        self.start = start
        self.end = end
        self.stops = stops.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// A gradient through `colors`, evenly spaced.
    public init(start: Point, end: Point, colors: [RGBA]) {
        precondition(colors.count >= 2, "a gradient needs at least two colours")
        let last = Double(colors.count - 1)
        self.init(start: start, end: end,
                  stops: colors.enumerated().map { GradientStop(Double($0.offset) / last, $0.element) })
    }

    /// A gradient filling `rect` at `degrees`, as CSS `linear-gradient`
    /// defines it: 0 runs upwards, 90 to the right, 180 downwards; the line
    /// passes through the centre and is just long enough that the corners
    /// get the end colours.
    public init(in rect: Rect, degrees: Double, stops: [GradientStop]) {
        let a = degrees * Double.pi / 180
        let dx = sin(a), dy = -cos(a)
        let half = (abs(rect.width * dx) + abs(rect.height * dy)) / 2
        self.init(start: Point(x: rect.midX - dx * half, y: rect.midY - dy * half),
                  end: Point(x: rect.midX + dx * half, y: rect.midY + dy * half), stops: stops)
    }

    /// A top-to-bottom gradient whose first and last pixel rows of `rect`
    /// get exactly the first and last stop colours.
    public static func vertical(in rect: PixelRect, stops: [GradientStop]) -> LinearGradient {
        LinearGradient(start: Point(x: Double(rect.x), y: Double(rect.y) + 0.5),
                       end: Point(x: Double(rect.x), y: Double(rect.maxY) - 0.5), stops: stops)
    }

    /// The straight-alpha colour at `t` along the line (0 at start, 1 at end).
    public func color(at t: Double) -> RGBA {
        var i = 0
        while i < stops.count && stops[i].location <= t { i += 1 }
        if i == 0 { return stops[0].color }
        if i == stops.count { return stops[stops.count - 1].color }
        let s0 = stops[i - 1], s1 = stops[i]
        let u = (t - s0.location) / (s1.location - s0.location)
        let a0 = Double(s0.color.a) / 255, a1 = Double(s1.color.a) / 255
        let a = a0 + (a1 - a0) * u
        guard a > 0 else { return .clear }
        func channel(_ c0: UInt8, _ c1: UInt8) -> UInt8 {
            let p = Double(c0) * a0 * (1 - u) + Double(c1) * a1 * u
            return UInt8(Swift.min(255, (p / a).rounded()))
        }
        return RGBA(channel(s0.color.r, s1.color.r), channel(s0.color.g, s1.color.g),
                    channel(s0.color.b, s1.color.b), UInt8((a * 255).rounded()))
    }
}

/// A paint prepared for filling: a table of straight colours indexed by the
/// position along the gradient, and how that position moves per pixel.
struct PaintRamp {
    /// Straight RGBA words (R in the low byte), `count` of them.
    let table: [UInt32]
    /// The table index, as a real number, at pixel centre (0.5, 0.5) ...
    let origin: Double
    /// ... and its change per pixel to the right and per pixel down.
    let stepX: Double
    let stepY: Double

    /// Entries in a gradient table: finer than 8-bit colour steps for any
    /// gradient spanning under 4 * 255 levels across its stops.
    static let gradientEntries = 1024

    init(_ paint: Paint) {
        switch paint {
        case .solid(let c):
            table = [c.packed]; origin = 0; stepX = 0; stepY = 0
        case .linearGradient(let g):
            let n = Self.gradientEntries
            table = (0..<n).map { g.color(at: Double($0) / Double(n - 1)).packed }
            let dx = g.end.x - g.start.x, dy = g.end.y - g.start.y
            let len2 = dx * dx + dy * dy
            // A zero-length line shows the last colour everywhere.
            let k = len2 > 0 ? Double(n - 1) / len2 : 0
            stepX = dx * k
            stepY = dy * k
            origin = len2 > 0 ? ((0.5 - g.start.x) * dx + (0.5 - g.start.y) * dy) * k : Double(n - 1)
        }
    }

    /// True when every colour is opaque (fully covered pixels need no blending).
    var isOpaque: Bool { table.allSatisfy { $0 >> 24 == 255 } }
}
