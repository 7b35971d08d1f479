/// What the PhotiCase photo editor saved for one face: where the user
/// placed the photo inside the face's frame.
///
/// The editor shows the photo upright (EXIF orientation already applied),
/// then turned by `quarterTurns` clockwise and then mirrored left to right
/// when `flipHorizontal` is set. Both placements below refer to that
/// displayed (turned and mirrored) photo. Values are taken as saved;
/// `CropResolver` clamps them and reports what it changed.
public struct EditorState: Sendable, Hashable {
    /// Where the photo sits in the frame.
    public enum Placement: Sendable, Hashable {
        /// The numbers of the editor's `UIScrollView`.
        ///
        /// - frame: the scroll view's bounds size in points.
        /// - zoomScale: 1 means the photo exactly aspect-fills `frame`;
        ///   larger zooms in.
        /// - contentOffset: the top-left of the visible part, in points of
        ///   the zoomed content (0, 0 is the photo's top-left corner).
        case scrollView(frame: Size, zoomScale: Double, contentOffset: Point)
        /// A rectangle in the displayed photo, each value a fraction of its
        /// width or height (0...1; x and width along the width).
        case normalizedRect(Rect)
    }

    /// Where the photo sits in the frame; nil is zoom 1 at the photo's
    /// centre (the centred aspect fill, as with no edit at all): a crop
    /// that only turns or mirrors the photo.
    public var placement: Placement?
    /// Clockwise quarter turns of the upright photo, 0...3.
    public var quarterTurns: Int
    /// Mirror the photo left to right, after the turns.
    public var flipHorizontal: Bool

    public init(placement: Placement?, quarterTurns: Int = 0, flipHorizontal: Bool = false) {
        self.placement = placement
        self.quarterTurns = quarterTurns
        self.flipHorizontal = flipHorizontal
    }
}
