import PhotiCaseRaster
/// Something in a saved editor state that was out of range and was clamped
/// or replaced. Rendering goes on with the corrected value.
public enum CropWarning: Sendable, Hashable, CustomStringConvertible {
    /// A number of the state that was given.
    public enum Field: String, Sendable, Hashable {
        case frame, zoomScale, contentOffset, rect
    }

    /// `zoomScale` (or the zoom a normalized rect implies) was outside
    /// `1...maxZoom`.
    case zoomClamped(requested: Double, used: Double)
    /// `contentOffset` was outside `0...(contentSize - frame)`, in points.
    case contentOffsetClamped(requested: Point, used: Point)
    /// A normalized rect was larger than the photo and was shrunk about its centre.
    case rectShrunk(requested: Rect, used: Rect)
    /// A normalized rect reached outside the photo and was moved inside.
    case rectMoved(requested: Rect, used: Rect)
    /// `quarterTurns` was outside 0...3 and was taken modulo 4.
    case quarterTurnsNormalized(requested: Int, used: Int)
    /// A value was not finite or a size not positive; the field's default
    /// was used (zoom 1, offset 0, or for a bad frame or rect the centred
    /// aspect fill).
    case invalid(Field)

    public var description: String {
        switch self {
        case .zoomClamped(let requested, let used):
            "zoom \(requested) is out of range; using \(used)"
        case .contentOffsetClamped(let requested, let used):
            "content offset (\(requested.x), \(requested.y)) pans past the photo; using (\(used.x), \(used.y))"
        case .rectShrunk(let requested, let used):
            "crop rect \(requested) is larger than the photo; using \(used)"
        case .rectMoved(let requested, let used):
            "crop rect \(requested) reaches outside the photo; using \(used)"
        case .quarterTurnsNormalized(let requested, let used):
            "\(requested) quarter turns is out of range; using \(used)"
        case .invalid(let field):
            "\(field.rawValue) is not a usable value; using its default"
        }
    }
}
