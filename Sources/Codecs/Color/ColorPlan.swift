import PhotiCaseRaster
/// The colour-management step of a decode: what to do with one image's
/// pixels to turn them into sRGB, decided from its header.
struct ColorPlan: Sendable {
    /// The profile's description for `inspect`, nil when untagged.
    var description: String?
    /// Why the profile is not used, when it is not.
    var warnings: [String] = []
    /// Nil when the pixels are already sRGB (or the profile is ignored):
    /// they are then left byte for byte as decoded.
    var transform: LCMSBinding.Transform?
    var layout: LCMSBinding.Layout = .rgba
    /// The fast path for matrix/shaper RGB profiles.
    var matrixShaper: MatrixShaper?

    static let none = ColorPlan()

    /// The JPEG decoder must hand over CMYK samples instead of its own
    /// CMYK-to-RGB formula, because a CMYK profile will convert them.
    var wantsCMYKSamples: Bool {
        if transform != nil, case .cmyk = layout { return true }
        return false
    }

    /// Converts `raster`'s colour to sRGB in place; alpha is kept.
    func apply(to raster: inout Raster) {
        guard let transform else { return }
        let count = raster.width * raster.height
        raster.withUnsafeMutableBytes { px in
            guard let base = px.baseAddress else { return }
            if let matrixShaper, layout == .rgba {
                matrixShaper.apply(to: base.assumingMemoryBound(to: UInt8.self), count: count)
                return
            }
            LCMSBinding.apply(transform, to: base, count: count)
            // CMYK came in as four samples; the alpha byte held K.
            if case .cmyk = layout {
                var i = 3
                while i < px.count { px[i] = 255; i += 4 }
            }
        }
    }
}
