/// An 8-bit RGBA image held by value.
///
/// Pixels are stored row by row, four bytes per pixel in R, G, B, A order,
/// with no padding between rows. Whether the colour channels are
/// premultiplied by alpha is part of the value (`alphaMode`), so no code has
/// to guess. Copies share storage until one of them is written to.
public struct Raster: Sendable, Equatable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// How the colour channels relate to alpha.
    public private(set) var alphaMode: AlphaMode
    /// The interleaved RGBA bytes, `width * height * 4` of them.
    public private(set) var pixels: [UInt8]

    /// Bytes per row: always `width * 4`.
    @inlinable public var bytesPerRow: Int { width &* 4 }
    /// The size in pixels.
    @inlinable public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Makes a raster filled with one colour (given with straight alpha).
    public init(width: Int, height: Int, alphaMode: AlphaMode = .straight, fill: RGBA = .clear) {
        guard let count = Raster.byteCount(width: width, height: height) else {
            preconditionFailure("Raster size \(width)x\(height) is empty or overflows")
        }
        self.width = width
        self.height = height
        self.alphaMode = alphaMode
        let c = alphaMode == .premultiplied ? fill.premultiplied : fill
        if c == .clear {
            self.pixels = [UInt8](repeating: 0, count: count)
        } else {
            // Written once, with the colour, not zeroed first.
            self.pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self).initialize(repeating: c.packed)
                initialized = count
            }
        }
    }

    /// Wraps existing RGBA bytes. `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, alphaMode: AlphaMode = .straight, pixels: [UInt8]) {
        precondition(Raster.byteCount(width: width, height: height) == pixels.count,
                     "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.alphaMode = alphaMode
        self.pixels = pixels
    }

    /// Makes a raster and lets `body` write every byte; used by decoders to
    /// avoid zero-filling a buffer they are about to overwrite.
    public init(width: Int, height: Int, alphaMode: AlphaMode = .straight,
                initializingWith body: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        guard let count = Raster.byteCount(width: width, height: height) else {
            preconditionFailure("Raster size \(width)x\(height) is empty or overflows")
        }
        self.width = width
        self.height = height
        self.alphaMode = alphaMode
        self.pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Zero first: a body that throws half way must not leave
            // uninitialized bytes behind.
            buffer.initialize(repeating: 0)
            initialized = count
            try body(UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Makes a raster whose every byte `body` writes, without zeroing it
    /// first: for code that copies or computes each pixel (crops,
    /// resampling). Decoders, which may stop half way through a damaged
    /// file, use `init(width:height:alphaMode:initializingWith:)`.
    public init(width: Int, height: Int, alphaMode: AlphaMode = .straight,
                writingEveryByte body: (UnsafeMutableRawBufferPointer) -> Void) {
        guard let count = Raster.byteCount(width: width, height: height) else {
            preconditionFailure("Raster size \(width)x\(height) is empty or overflows")
        }
        self.width = width
        self.height = height
        self.alphaMode = alphaMode
        self.pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            body(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// The byte count of a `width` x `height` RGBA raster, or nil when a side
    /// is not positive or the product overflows.
    public static func byteCount(width: Int, height: Int) -> Int? {
        guard width > 0, height > 0 else { return nil }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        return (o1 || o2) ? nil : bytes
    }

    /// The pixel at (`x`, `y`), as stored (check `alphaMode`).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y &* width &+ x) &* 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y &* width &+ x) &* 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Calls `body` with the raw RGBA bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes(body)
    }

    /// Calls `body` with the raw RGBA bytes, writable.
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBytes(body)
    }

    /// True when every pixel of `rect` (clipped to the raster) has alpha 255.
    public func isOpaque(in rect: PixelRect) -> Bool {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return true }
        return pixels.withUnsafeBytes { raw in
            let alphas = UInt64(littleEndian: 0xFF00_0000_FF00_0000)
            for y in r.y..<r.maxY {
                // Two pixels a word, alphas ANDed along the row: no branch
                // per pixel; an odd last pixel on its own.
                let start = (y &* width &+ r.x) &* 4
                var all = alphas
                for k in 0..<(r.width / 2) { all &= raw.loadUnaligned(fromByteOffset: start &+ k &* 8, as: UInt64.self) }
                if all & alphas != alphas { return false }
                if r.width % 2 == 1 && raw[start &+ (r.width &- 1) &* 4 &+ 3] != 255 { return false }
            }
            return true
        }
    }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool { isOpaque(in: PixelRect(x: 0, y: 0, width: width, height: height)) }

    /// Marks the pixels as being in `mode` without touching them; for code
    /// that converted the bytes itself.
    public mutating func reinterpret(as mode: AlphaMode) {
        alphaMode = mode
    }
}
