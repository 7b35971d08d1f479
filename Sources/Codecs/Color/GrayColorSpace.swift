/// A grey colour space: D50 white and a transfer curve.
public struct GrayColorSpace: Sendable, Hashable {
    public var name: String
    public var transfer: TransferCurve

    public init(name: String, transfer: TransferCurve) {
        self.name = name
        self.transfer = transfer
    }

    /// The space as a grey ICC profile, or nil if lcms2 cannot build it.
    public func iccProfile() -> [UInt8]? {
        LCMSBinding.makeGrayProfile(self)
    }
}
