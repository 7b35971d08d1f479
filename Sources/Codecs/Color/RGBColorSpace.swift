/// An RGB colour space given by its primaries, white point and transfer
/// curve: what an nclx box names by number, and what tests and tools use
/// to make tagged images. `iccProfile()` writes it as an ICC profile.
public struct RGBColorSpace: Sendable, Hashable {
    /// CIE 1931 xy chromaticity.
    public struct Chromaticity: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// The profile description, e.g. "Display P3".
    public var name: String
    public var red: Chromaticity
    public var green: Chromaticity
    public var blue: Chromaticity
    public var white: Chromaticity
    public var transfer: TransferCurve

    public init(name: String, red: Chromaticity, green: Chromaticity, blue: Chromaticity,
                white: Chromaticity, transfer: TransferCurve) {
        self.name = name
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
        self.transfer = transfer
    }

    static let d65 = Chromaticity(0.3127, 0.3290)
    static let d50 = Chromaticity(0.3457, 0.3585)

    /// sRGB (IEC 61966-2-1): BT.709 primaries, D65, the sRGB curve.
    public static let sRGB = RGBColorSpace(name: "sRGB", red: .init(0.64, 0.33), green: .init(0.30, 0.60),
                                           blue: .init(0.15, 0.06), white: d65, transfer: .sRGB)
    /// Display P3: DCI-P3 primaries, D65, the sRGB curve (iPhone photos).
    public static let displayP3 = RGBColorSpace(name: "Display P3", red: .init(0.680, 0.320), green: .init(0.265, 0.690),
                                                blue: .init(0.150, 0.060), white: d65, transfer: .sRGB)
    /// Adobe RGB (1998): D65, gamma 563/256.
    public static let adobeRGB = RGBColorSpace(name: "Adobe RGB (1998)", red: .init(0.64, 0.33), green: .init(0.21, 0.71),
                                               blue: .init(0.15, 0.06), white: d65, transfer: .gamma(563.0 / 256.0))
    /// ProPhoto RGB (ROMM): D50, gamma 1.8.
    public static let proPhoto = RGBColorSpace(name: "ProPhoto RGB", red: .init(0.7347, 0.2653),
                                               green: .init(0.1596, 0.8404), blue: .init(0.0366, 0.0001),
                                               white: d50, transfer: .gamma(1.8))
    /// BT.2020 primaries, D65, with the sRGB curve (how nclx stills are read).
    public static let bt2020 = RGBColorSpace(name: "BT.2020", red: .init(0.708, 0.292), green: .init(0.170, 0.797),
                                             blue: .init(0.131, 0.046), white: d65, transfer: .sRGB)

    /// The space as ICC profile bytes (version 4, with a description tag),
    /// or nil if lcms2 cannot build it.
    public func iccProfile() -> [UInt8]? {
        LCMSBinding.makeRGBProfile(self)
    }
}
