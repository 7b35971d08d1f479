/// How a raster's colour channels relate to its alpha channel.
public enum AlphaMode: String, Sendable, Hashable {
    /// Colour channels are independent of alpha (what files store).
    case straight
    /// Colour channels are already multiplied by alpha / 255 (what
    /// resampling and compositing need, so transparent pixels carry no colour).
    case premultiplied
}

extension Raster {
    /// The same image with premultiplied colour channels.
    public func premultiplied() -> Raster {
        guard alphaMode == .straight else { return self }
        var out = self
        out.withUnsafeMutableBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            var i = 0
            let n = p.count
            while i < n {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    // Rounded c * a / 255 without a division.
                    p[i] = UInt8(RGBA.mul255(UInt32(p[i]), a))
                    p[i + 1] = UInt8(RGBA.mul255(UInt32(p[i + 1]), a))
                    p[i + 2] = UInt8(RGBA.mul255(UInt32(p[i + 2]), a))
                }
                i &+= 4
            }
        }
        out.reinterpret(as: .premultiplied)
        return out
    }

    /// The same image with straight (unpremultiplied) colour channels.
    public func unpremultiplied() -> Raster {
        guard alphaMode == .premultiplied else { return self }
        var out = self
        out.withUnsafeMutableBytes { raw in
            let p = raw.bindMemory(to: UInt8.self)
            var i = 0
            let n = p.count
            while i < n {
                let a = UInt32(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a != 255 {
                    p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                    p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                    p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
                }
                i &+= 4
            }
        }
        out.reinterpret(as: .straight)
        return out
    }
}
