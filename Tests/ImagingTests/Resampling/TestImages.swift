import PhotiCaseImaging
import PhotiCaseRaster

/// A small seeded generator (SplitMix64) so property tests are repeatable.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum TestImages {
    /// A photo whose pixels name their own coordinates:
    /// R = x & 255, G = y & 255, B = (x >> 8) | (y >> 8) << 4, opaque.
    static func coordinates(width: Int, height: Int) -> Raster {
        var r = Raster(width: width, height: height, alphaMode: .straight)
        for y in 0..<height {
            for x in 0..<width {
                r[x, y] = coordinateColor(x: x, y: y)
            }
        }
        return r
    }

    static func coordinateColor(x: Int, y: Int) -> RGBA {
        RGBA(UInt8(x & 255), UInt8(y & 255), UInt8((x >> 8) | (y >> 8) << 4), 255)
    }

    /// Uniform random pixels, all channels including alpha unless `opaque`.
    static func noise(width: Int, height: Int, opaque: Bool, seed: UInt64) -> Raster {
        var rng = SplitMix64(seed: seed)
        var r = Raster(width: width, height: height, alphaMode: .straight)
        for y in 0..<height {
            for x in 0..<width {
                let v = rng.next()
                r[x, y] = RGBA(UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255),
                               opaque ? 255 : UInt8(v >> 24 & 255))
            }
        }
        return r
    }
}
