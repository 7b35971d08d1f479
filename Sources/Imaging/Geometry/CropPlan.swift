import PhotiCaseRaster
/// What to cut from an upright photo and how to turn it, resolved from an
/// editor state for one face.
///
/// Rendering a plan means: resample `sourceRect` of the upright photo, then
/// turn the result `quarterTurns` times clockwise, then mirror it left to
/// right if `flipHorizontal`. Turning after the crop is the same picture as
/// cropping the turned photo (what the editor showed), at a fraction of
/// the cost.
public struct CropPlan: Sendable, Hashable {
    /// The crop, in fractional pixels of the upright photo.
    public var sourceRect: Rect
    /// Clockwise quarter turns applied to the cropped pixels, 0...3.
    public var quarterTurns: Int
    /// Mirror left to right, after the turns.
    public var flipHorizontal: Bool
    /// Width / height of the finished picture: the face's aspect ratio.
    /// For an odd number of turns `sourceRect` has the inverse aspect.
    public var outputAspect: Double

    public init(sourceRect: Rect, quarterTurns: Int, flipHorizontal: Bool, outputAspect: Double) {
        precondition((0...3).contains(quarterTurns), "quarterTurns \(quarterTurns) outside 0...3")
        self.sourceRect = sourceRect
        self.quarterTurns = quarterTurns
        self.flipHorizontal = flipHorizontal
        self.outputAspect = outputAspect
    }

    /// The orientation whose `Raster.oriented` performs the turns, then the mirror.
    public var orientation: Orientation {
        switch (quarterTurns, flipHorizontal) {
        case (1, false): .right
        case (2, false): .down
        case (3, false): .left
        case (0, true): .upMirrored
        case (1, true): .leftMirrored
        case (2, true): .downMirrored
        case (3, true): .rightMirrored
        default: .up
        }
    }

    /// The size to resample `sourceRect` to so that, once turned, the
    /// picture is `output`.
    public func resampleSize(for output: PixelSize) -> PixelSize {
        quarterTurns % 2 == 1 ? output.transposed : output
    }
}

extension Raster {
    /// Renders `plan` from this raster, which must be the upright photo the
    /// plan was resolved for, as a picture of exactly `size`.
    public func rendered(_ plan: CropPlan, size: PixelSize, filter: ResampleFilter = .automatic) -> Raster {
        resized(to: plan.resampleSize(for: size), from: plan.sourceRect, filter: filter)
            .oriented(plan.orientation)
    }
}

/// The editor's turn and mirror as a map between the upright photo and the
/// displayed one.
struct PhotoTurn: Sendable, Hashable {
    /// Clockwise quarter turns, 0...3.
    var quarterTurns: Int
    /// Mirror left to right, after the turns.
    var flipHorizontal: Bool

    /// The displayed size of an upright photo of `upright` size.
    func displayedSize(of upright: Size) -> Size {
        quarterTurns % 2 == 1 ? Size(width: upright.height, height: upright.width) : upright
    }

    /// The rectangle of the upright photo (of `upright` size) that shows as
    /// `rect` in the displayed photo.
    func uprightRect(_ rect: Rect, upright: Size) -> Rect {
        var size = displayedSize(of: upright)
        var r = rect
        if flipHorizontal { r.x = size.width - r.x - r.width }
        // Undo one clockwise turn at a time: a point (X, Y) of a turned
        // image of width W came from (Y, W - X).
        for _ in 0..<quarterTurns {
            r = Rect(x: r.y, y: size.width - r.x - r.width, width: r.height, height: r.width)
            size = Size(width: size.height, height: size.width)
        }
        return r
    }
}
