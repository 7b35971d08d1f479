/// The sRGB ICC profile a document declares its colours in (a print
/// book's output intent): the pixels every decode is converted to.
public enum SRGBProfile {
    /// lcms2's sRGB profile with a fixed header date; empty when lcms2
    /// cannot make one (out of memory).
    public static let bytes: [UInt8] = LCMSBinding.makeSRGBProfile() ?? []
}
