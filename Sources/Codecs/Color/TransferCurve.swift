/// A transfer curve from coded value to linear light.
public enum TransferCurve: Sendable, Hashable {
    /// Y = X^gamma.
    case gamma(Double)
    /// ICC parametric type 4: Y = (aX + b)^g for X >= d, else cX.
    case parametric(g: Double, a: Double, b: Double, c: Double, d: Double)

    /// The sRGB curve (IEC 61966-2-1).
    public static let sRGB = TransferCurve.parametric(g: 2.4, a: 1 / 1.055, b: 0.055 / 1.055, c: 1 / 12.92, d: 0.04045)
    /// The inverse of the BT.709 camera curve.
    public static let bt709 = TransferCurve.parametric(g: 1 / 0.45, a: 1 / 1.099, b: 0.099 / 1.099, c: 1 / 4.5, d: 0.081)
}
