/// The eight EXIF orientations (TIFF tag 0x0112): how the stored pixels
/// must be turned to appear upright.
public enum Orientation: Int, Sendable, Hashable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned 180 degrees.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the main diagonal (transpose).
    case leftMirrored = 5
    /// Needs a quarter turn clockwise to be upright.
    case right = 6
    /// Mirrored along the anti-diagonal (transverse).
    case rightMirrored = 7
    /// Needs a quarter turn counter-clockwise to be upright.
    case left = 8

    /// True when width and height swap on the way to upright.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a stored image of `size`.
    public func uprightSize(of size: PixelSize) -> PixelSize {
        swapsAxes ? size.transposed : size
    }

    /// The stored pixels that become `rect` of the upright image, for an
    /// image stored at `stored`: `raster.cropped(to: storedRect(...)).oriented(self)`
    /// equals `raster.oriented(self).cropped(to: rect)`. A decoder that can
    /// read part of a file uses it to read only what an upright crop needs.
    public func storedRect(ofUpright rect: PixelRect, stored: PixelSize) -> PixelRect {
        let w = stored.width, h = stored.height
        // Upright x runs along stored x (reversed when mirrored) for the
        // first four; along stored y for the transposing four.
        switch self {
        case .up: return rect
        case .upMirrored: return PixelRect(x: w - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
        case .down: return PixelRect(x: w - rect.maxX, y: h - rect.maxY, width: rect.width, height: rect.height)
        case .downMirrored: return PixelRect(x: rect.x, y: h - rect.maxY, width: rect.width, height: rect.height)
        case .leftMirrored: return PixelRect(x: rect.y, y: rect.x, width: rect.height, height: rect.width)
        case .right: return PixelRect(x: rect.y, y: h - rect.maxX, width: rect.height, height: rect.width)
        case .rightMirrored: return PixelRect(x: w - rect.maxY, y: h - rect.maxX, width: rect.height, height: rect.width)
        case .left: return PixelRect(x: w - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        }
    }
}

extension Raster {
    /// The raster turned upright according to `orientation`.
    public func oriented(_ orientation: Orientation) -> Raster {
        if orientation == .up { return self }
        let w = width, h = height
        let out = orientation.uprightSize(of: size)
        let ow = out.width, oh = out.height
        // For each upright pixel (dx, dy) the stored pixel is
        // base + dx * stepX + dy * stepY, in pixels.
        let base: Int, stepX: Int, stepY: Int
        switch orientation {
        case .up: (base, stepX, stepY) = (0, 1, w)
        case .upMirrored: (base, stepX, stepY) = (w - 1, -1, w)
        case .down: (base, stepX, stepY) = ((h - 1) * w + w - 1, -1, -w)
        case .downMirrored: (base, stepX, stepY) = ((h - 1) * w, 1, -w)
        case .leftMirrored: (base, stepX, stepY) = (0, w, 1)                      // sx = dy, sy = dx
        case .right: (base, stepX, stepY) = ((h - 1) * w, -w, 1)                  // sx = dy, sy = h-1-dx
        case .rightMirrored: (base, stepX, stepY) = ((h - 1) * w + w - 1, -w, -1) // sx = w-1-dy, sy = h-1-dx
        case .left: (base, stepX, stepY) = (w - 1, w, -1)                         // sx = w-1-dy, sy = dx
        }
        return withUnsafeBytes { srcRaw in
            let src = srcRaw.bindMemory(to: UInt32.self)
            return Raster(width: ow, height: oh, alphaMode: alphaMode) { dstRaw in
                let dst = dstRaw.bindMemory(to: UInt32.self)
                for dy in 0..<oh {
                    var s = base + dy * stepY
                    let row = dy * ow
                    for dx in 0..<ow {
                        dst[row + dx] = src[s]
                        s += stepX
                    }
                }
            }
        }
    }

    /// The pixels inside `rect`, which must lie within the raster.
    public func cropped(to rect: PixelRect) -> Raster {
        precondition(!rect.isEmpty && rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height,
                     "crop \(rect) outside \(width)x\(height)")
        return withUnsafeBytes { srcRaw in
            Raster(width: rect.width, height: rect.height, alphaMode: alphaMode, writingEveryByte: { dst in
                let rowBytes = rect.width * 4
                for y in 0..<rect.height {
                    let from = ((rect.y + y) * width + rect.x) * 4
                    dst.baseAddress!.advanced(by: y * rowBytes)
                        .copyMemory(from: srcRaw.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            })
        }
    }

    /// Puts `pixels` (the size of `rect`, in this raster's alpha mode) in
    /// place of the pixels inside `rect`, which must lie within the raster:
    /// the inverse of `cropped(to:)`, copying rather than blending.
    public mutating func replace(_ rect: PixelRect, with pixels: Raster) {
        precondition(!rect.isEmpty && rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height,
                     "replace \(rect) outside \(width)x\(height)")
        precondition(pixels.width == rect.width && pixels.height == rect.height && pixels.alphaMode == alphaMode,
                     "\(pixels.width)x\(pixels.height) pixels for \(rect)")
        let width = self.width
        pixels.withUnsafeBytes { srcRaw in
            withUnsafeMutableBytes { dst in
                let rowBytes = rect.width * 4
                for y in 0..<rect.height {
                    dst.baseAddress!.advanced(by: ((rect.y + y) * width + rect.x) * 4)
                        .copyMemory(from: srcRaw.baseAddress!.advanced(by: y * rowBytes), byteCount: rowBytes)
                }
            }
        }
    }
}
