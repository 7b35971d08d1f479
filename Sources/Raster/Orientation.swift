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
            Raster(width: rect.width, height: rect.height, alphaMode: alphaMode) { dst in
                let rowBytes = rect.width * 4
                for y in 0..<rect.height {
                    let from = ((rect.y + y) * width + rect.x) * 4
                    dst.baseAddress!.advanced(by: y * rowBytes)
                        .copyMemory(from: srcRaw.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            }
        }
    }
}
