import PhotiCaseRaster
/// Turns a saved editor state into the crop that reproduces what the user
/// saw in the editor, for a face of a given aspect ratio.
///
/// All geometry happens in the displayed photo (upright, turned, mirrored;
/// see `EditorState`), in its pixels. Either placement reduces to a centre
/// point and a zoom, where zoom 1 is the largest rectangle of the frame's
/// aspect ratio that fits in the photo (aspect fill) and zoom z is that
/// rectangle scaled by 1/z:
///
/// - scroll view: the base scale is `s = max(frame.w / photo.w, frame.h / photo.h)`
///   points per pixel; `zoomScale` is clamped to `1...maxZoom`, the content
///   is `photo * s * zoom` points, `contentOffset` is clamped to
///   `0...(content - frame)` on each axis, and the visible rectangle is
///   `(contentOffset, frame) / (s * zoom)` pixels; its centre and the zoom
///   are kept.
/// - normalized rect: shrunk about its centre to at most the whole photo,
///   moved inside the photo, scaled to pixels; its zoom is the aspect-fill
///   width for its own aspect ratio divided by its width, clamped to
///   `1...maxZoom` about its centre.
///
/// The crop for the face is then: the aspect fill for the face's aspect
/// ratio, divided by the zoom, centred on the kept centre, then moved the
/// least distance that puts it inside the photo (as the scroll view stops
/// panning at the photo's edges). When the face has the saved frame's
/// aspect ratio this is exactly the visible rectangle; for another aspect
/// ratio it shows the same middle of the photo at the same magnification.
/// No state means zoom 1 at the photo's centre: the centred aspect fill.
public struct CropResolver: Sendable {
    /// The default largest zoom, as in the editor's `maximumZoomScale`: 8.
    /// At 8x a 12-megapixel photo still has about 500 pixels across the
    /// frame, about what a ticket face needs; the editor does not allow more.
    public static let defaultMaxZoom = 8.0

    /// The largest zoom a state may ask for; larger ones are clamped.
    public var maxZoom: Double

    public init(maxZoom: Double = CropResolver.defaultMaxZoom) {
        precondition(maxZoom >= 1 && maxZoom.isFinite, "maxZoom \(maxZoom) below 1")
        self.maxZoom = maxZoom
    }

    /// The crop plan for `state` on an upright photo of `photo` pixels,
    /// rendered into a face of `face` size (only its aspect ratio matters),
    /// and warnings for every value that had to be clamped or replaced.
    public func resolve(state: EditorState?, photo: PixelSize, face: Size) -> (CropPlan, [CropWarning]) {
        precondition(photo.width > 0 && photo.height > 0, "empty photo \(photo)")
        precondition(face.width > 0 && face.height > 0 && face.aspectRatio.isFinite, "invalid face size \(face)")
        var warnings: [CropWarning] = []
        var turns = state?.quarterTurns ?? 0
        if !(0...3).contains(turns) {
            let used = (turns % 4 + 4) % 4
            warnings.append(.quarterTurnsNormalized(requested: turns, used: used))
            turns = used
        }
        let turn = PhotoTurn(quarterTurns: turns, flipHorizontal: state?.flipHorizontal ?? false)
        let upright = Size(width: Double(photo.width), height: Double(photo.height))
        let displayed = displayedCrop(state?.placement ?? nil, photo: turn.displayedSize(of: upright),
                                      aspect: face.aspectRatio, warnings: &warnings)
        let plan = CropPlan(sourceRect: turn.uprightRect(displayed, upright: upright), quarterTurns: turns,
                            flipHorizontal: turn.flipHorizontal, outputAspect: face.aspectRatio)
        return (plan, warnings)
    }

    /// The crop in the displayed photo of `photo` size for a face of `aspect`.
    func displayedCrop(_ placement: EditorState.Placement?, photo: Size, aspect: Double,
                       warnings: inout [CropWarning]) -> Rect {
        let view: (centre: Point, zoom: Double)
        switch placement {
        case nil:
            view = CropResolver.centred(photo)
        case .scrollView(let frame, let zoomScale, let contentOffset):
            view = scrollView(frame: frame, zoomScale: zoomScale, contentOffset: contentOffset,
                              photo: photo, warnings: &warnings)
        case .normalizedRect(let rect):
            view = normalizedRect(rect, photo: photo, warnings: &warnings)
        }
        return CropResolver.crop(centre: view.centre, zoom: view.zoom, aspect: aspect, in: photo)
    }

    private static func centred(_ photo: Size) -> (centre: Point, zoom: Double) {
        (Point(x: photo.width / 2, y: photo.height / 2), 1)
    }

    private func scrollView(frame: Size, zoomScale: Double, contentOffset: Point, photo: Size,
                            warnings: inout [CropWarning]) -> (centre: Point, zoom: Double) {
        guard frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else {
            warnings.append(.invalid(.frame))
            return CropResolver.centred(photo)
        }
        var zoom = zoomScale
        if !zoom.isFinite {
            warnings.append(.invalid(.zoomScale))
            zoom = 1
        }
        zoom = clampZoom(zoom, warnings: &warnings)
        let scale = max(frame.width / photo.width, frame.height / photo.height) * zoom
        var offset = contentOffset
        if !offset.x.isFinite || !offset.y.isFinite {
            warnings.append(.invalid(.contentOffset))
            offset = Point(x: 0, y: 0)
        }
        let limit = Size(width: photo.width * scale - frame.width, height: photo.height * scale - frame.height)
        let used = CropResolver.clampOffset(offset, limit: limit, warnings: &warnings)
        let centre = Point(x: (used.x + frame.width / 2) / scale, y: (used.y + frame.height / 2) / scale)
        return (centre, zoom)
    }

    private func normalizedRect(_ rect: Rect, photo: Size,
                                warnings: inout [CropWarning]) -> (centre: Point, zoom: Double) {
        guard [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite), rect.width > 0, rect.height > 0 else {
            warnings.append(.invalid(.rect))
            return CropResolver.centred(photo)
        }
        var r = rect
        if r.width > 1 + CropResolver.tolerance || r.height > 1 + CropResolver.tolerance {
            let shrunk = Rect(x: r.midX - min(r.width, 1) / 2, y: r.midY - min(r.height, 1) / 2,
                              width: min(r.width, 1), height: min(r.height, 1))
            warnings.append(.rectShrunk(requested: r, used: shrunk))
            r = shrunk
        }
        r.width = min(r.width, 1)
        r.height = min(r.height, 1)
        let x = CropResolver.clamp(r.x, 0, 1 - r.width), y = CropResolver.clamp(r.y, 0, 1 - r.height)
        let moved = Rect(x: x.value, y: y.value, width: r.width, height: r.height)
        if x.moved || y.moved { warnings.append(.rectMoved(requested: r, used: moved)) }
        let pixels = Rect(x: moved.x * photo.width, y: moved.y * photo.height,
                          width: moved.width * photo.width, height: moved.height * photo.height)
        let fill = CropResolver.aspectFill(pixels.width / pixels.height, in: photo)
        let zoom = clampZoom(fill.width / pixels.width, warnings: &warnings)
        return (Point(x: pixels.midX, y: pixels.midY), zoom)
    }

    /// Clamps `zoom` into `1...maxZoom`, warning when it was out by more
    /// than rounding.
    private func clampZoom(_ zoom: Double, warnings: inout [CropWarning]) -> Double {
        let used = min(max(zoom, 1), maxZoom)
        if abs(used - zoom) > CropResolver.tolerance * used {
            warnings.append(.zoomClamped(requested: zoom, used: used))
        }
        return used
    }

    /// Relative slack below which a value counts as in range: saved numbers
    /// went through `Float`/`CGFloat` arithmetic and JSON.
    static let tolerance = 1e-6

    /// `value` clamped into `low...high` (`low` wins if `high < low`), and
    /// whether it was out by more than rounding.
    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> (value: Double, moved: Bool) {
        let high = max(low, high)
        let used = min(max(value, low), high)
        return (used, abs(used - value) > tolerance * max(1, abs(low), abs(high)))
    }

    /// `point` clamped into `0...limit` on each axis, warning when it moved.
    private static func clampOffset(_ point: Point, limit: Size, warnings: inout [CropWarning]) -> Point {
        let x = clamp(point.x, 0, limit.width), y = clamp(point.y, 0, limit.height)
        let used = Point(x: x.value, y: y.value)
        if x.moved || y.moved { warnings.append(.contentOffsetClamped(requested: point, used: used)) }
        return used
    }

    /// The largest rectangle of `aspect` (width / height) that fits in `photo`.
    static func aspectFill(_ aspect: Double, in photo: Size) -> Size {
        aspect >= photo.width / photo.height
            ? Size(width: photo.width, height: min(photo.height, photo.width / aspect))
            : Size(width: min(photo.width, photo.height * aspect), height: photo.height)
    }

    /// The aspect fill for `aspect` scaled by 1/`zoom`, centred on
    /// `centre`, then moved inside `photo`.
    static func crop(centre: Point, zoom: Double, aspect: Double, in photo: Size) -> Rect {
        let fill = aspectFill(aspect, in: photo)
        let w = fill.width / zoom, h = fill.height / zoom
        return Rect(x: min(max(centre.x - w / 2, 0), photo.width - w),
                    y: min(max(centre.y - h / 2, 0), photo.height - h), width: w, height: h)
    }
}
