/// One sRGB colour with 8-bit channels and straight alpha.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Parses `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        if s.count == 6 {
            self.init(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF), 255)
        } else {
            self.init(UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
    }

    public static let clear = RGBA(0, 0, 0, 0)
    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(255, 255, 255)

    /// The colour with its channels multiplied by alpha.
    public var premultiplied: RGBA {
        let a = UInt32(self.a)
        return RGBA(UInt8(RGBA.mul255(UInt32(r), a)), UInt8(RGBA.mul255(UInt32(g), a)),
                    UInt8(RGBA.mul255(UInt32(b), a)), self.a)
    }

    /// The colour with alpha scaled by `opacity` (0...1).
    public func withOpacity(_ opacity: Double) -> RGBA {
        let o = Swift.max(0, Swift.min(1, opacity))
        return RGBA(r, g, b, UInt8((Double(a) * o).rounded()))
    }

    /// The four bytes as one little-endian word, R in the low byte, matching
    /// the in-memory layout of a raster pixel.
    @inlinable public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    public var description: String {
        "#" + [r, g, b, a].map { v in
            let s = String(v, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    /// Exactly rounded `x * y / 255` for x, y in 0...255.
    @inlinable @inline(__always)
    public static func mul255(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y &+ 128
        return (t &+ (t >> 8)) >> 8
    }
}
