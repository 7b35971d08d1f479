import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

@Suite struct CropPlanTests {
    let resolver = CropResolver()

    static let turnsAndFlips: [(Int, Bool)] = (0...3).flatMap { t in [(t, false), (t, true)] }

    /// Rendering a plan at 1:1 gives exactly the pixels the editor showed:
    /// the crop of the turned, mirrored photo.
    @Test(arguments: turnsAndFlips)
    func renderedPlanMatchesTheCropOfTheDisplayedPhoto(turns: Int, flip: Bool) {
        let photo = TestImages.coordinates(width: 300, height: 270)
        let displayed = photo.oriented(CropPlan(sourceRect: Rect(x: 0, y: 0, width: 1, height: 1), quarterTurns: turns,
                                                flipHorizontal: flip, outputAspect: 1).orientation)
        // A 3:2 crop at whole pixels of the displayed photo.
        let shown = PixelRect(x: 31, y: 17, width: 180, height: 120)
        let rect = Rect(x: Double(shown.x) / Double(displayed.width), y: Double(shown.y) / Double(displayed.height),
                        width: Double(shown.width) / Double(displayed.width),
                        height: Double(shown.height) / Double(displayed.height))
        let state = EditorState(placement: .normalizedRect(rect), quarterTurns: turns, flipHorizontal: flip)
        let (plan, warnings) = resolver.resolve(state: state, photo: photo.size, face: Size(width: 3, height: 2))
        #expect(warnings.isEmpty)
        var snapped = plan
        snapped.sourceRect = Rect(x: plan.sourceRect.x.rounded(), y: plan.sourceRect.y.rounded(),
                                  width: plan.sourceRect.width.rounded(), height: plan.sourceRect.height.rounded())
        CropResolverPropertyTests.expectClose(plan.sourceRect, snapped.sourceRect, tolerance: 1e-9, "whole pixels")
        let out = photo.rendered(snapped, size: PixelSize(width: 180, height: 120))
        #expect(out == displayed.cropped(to: shown))
    }

    @Test func orientationPerformsTurnsThenMirror() {
        let photo = TestImages.coordinates(width: 5, height: 3)
        for (turns, flip) in Self.turnsAndFlips {
            let plan = CropPlan(sourceRect: Rect(x: 0, y: 0, width: 5, height: 3), quarterTurns: turns,
                                flipHorizontal: flip, outputAspect: 1)
            var expected = photo
            for _ in 0..<turns { expected = expected.oriented(.right) }
            if flip { expected = expected.oriented(.upMirrored) }
            #expect(photo.oriented(plan.orientation) == expected, "\(turns) \(flip)")
        }
    }

    @Test func turnMapsTheWholeDisplayedPhotoToTheWholePhoto() {
        let upright = Size(width: 40, height: 30)
        for (turns, flip) in Self.turnsAndFlips {
            let turn = PhotoTurn(quarterTurns: turns, flipHorizontal: flip)
            let shown = turn.displayedSize(of: upright)
            #expect(turn.uprightRect(Rect(x: 0, y: 0, width: shown.width, height: shown.height), upright: upright)
                    == Rect(x: 0, y: 0, width: 40, height: 30))
        }
        // The displayed top-left pixel after one clockwise turn is the upright bottom-left one.
        let one = PhotoTurn(quarterTurns: 1, flipHorizontal: false)
        #expect(one.uprightRect(Rect(x: 0, y: 0, width: 1, height: 1), upright: upright) == Rect(x: 0, y: 29, width: 1, height: 1))
    }

    @Test func noStateIsTheCentredAspectFill() {
        let (plan, warnings) = resolver.resolve(state: nil, photo: PixelSize(width: 4000, height: 3000),
                                                face: Size(width: 1, height: 1))
        #expect(warnings.isEmpty)
        #expect(plan == CropPlan(sourceRect: Rect(x: 500, y: 0, width: 3000, height: 3000), quarterTurns: 0,
                                 flipHorizontal: false, outputAspect: 1))
    }

    @Test func anotherFaceAspectKeepsTheCentreAndZoom() {
        // Square frame, zoom 2, visible square (1000, 1000, 1500, 1500) of a 4000x3000 photo.
        let frame = Size(width: 300, height: 300)
        let scale = 300.0 / 3000 * 2
        let state = EditorState(placement: .scrollView(frame: frame, zoomScale: 2,
                                                       contentOffset: Point(x: 1000 * scale, y: 1000 * scale)))
        let photo = PixelSize(width: 4000, height: 3000)
        let (same, _) = resolver.resolve(state: state, photo: photo, face: Size(width: 1, height: 1))
        CropResolverPropertyTests.expectClose(same.sourceRect, Rect(x: 1000, y: 1000, width: 1500, height: 1500),
                                              tolerance: 1e-9, "square")
        // A 2:1 face: aspect fill is 4000x2000, at zoom 2 2000x1000, centred on (1750, 1750).
        let (wide, warnings) = resolver.resolve(state: state, photo: photo, face: Size(width: 2, height: 1))
        #expect(warnings.isEmpty)
        CropResolverPropertyTests.expectClose(wide.sourceRect, Rect(x: 750, y: 1250, width: 2000, height: 1000),
                                              tolerance: 1e-9, "wide")
        // At the left edge the wider crop (2000x1000 about (750, 2250)) is moved right, into the photo.
        let left = EditorState(placement: .normalizedRect(Rect(x: 0, y: 0.5, width: 0.375, height: 0.5)))
        let (moved, movedWarnings) = resolver.resolve(state: left, photo: photo, face: Size(width: 2, height: 1))
        #expect(movedWarnings.isEmpty)
        CropResolverPropertyTests.expectClose(moved.sourceRect, Rect(x: 0, y: 1750, width: 2000, height: 1000),
                                              tolerance: 1e-9, "moved")
    }

    @Test func outOfRangeValuesAreClampedWithWarnings() {
        let photo = PixelSize(width: 400, height: 300)
        let face = Size(width: 4, height: 3)
        let frame = Size(width: 200, height: 150)
        func warnings(_ placement: EditorState.Placement) -> [CropWarning] {
            resolver.resolve(state: EditorState(placement: placement), photo: photo, face: face).1
        }
        let origin = Point(x: 0, y: 0)
        #expect(warnings(.scrollView(frame: frame, zoomScale: 20, contentOffset: origin))
                == [.zoomClamped(requested: 20, used: 8)])
        #expect(warnings(.scrollView(frame: frame, zoomScale: 0.5, contentOffset: origin))
                == [.zoomClamped(requested: 0.5, used: 1)])
        #expect(warnings(.scrollView(frame: frame, zoomScale: .nan, contentOffset: origin)) == [.invalid(.zoomScale)])
        #expect(warnings(.scrollView(frame: frame, zoomScale: 1, contentOffset: Point(x: 1e-9, y: 0))) == [])
        #expect(warnings(.scrollView(frame: frame, zoomScale: 2, contentOffset: Point(x: 250, y: -1)))
                == [.contentOffsetClamped(requested: Point(x: 250, y: -1), used: Point(x: 200, y: 0))])
        #expect(warnings(.normalizedRect(Rect(x: -0.25, y: 0, width: 0.5, height: 0.5)))
                == [.rectMoved(requested: Rect(x: -0.25, y: 0, width: 0.5, height: 0.5),
                               used: Rect(x: 0, y: 0, width: 0.5, height: 0.5))])
        #expect(warnings(.normalizedRect(Rect(x: 0, y: 0, width: 1.5, height: 1)))
                == [.rectShrunk(requested: Rect(x: 0, y: 0, width: 1.5, height: 1),
                                used: Rect(x: 0.25, y: 0, width: 1, height: 1)),
                    .rectMoved(requested: Rect(x: 0.25, y: 0, width: 1, height: 1),
                               used: Rect(x: 0, y: 0, width: 1, height: 1))])
        #expect(warnings(.normalizedRect(Rect(x: 0.5, y: 0.5, width: 0.05, height: 0.05)))
                == [.zoomClamped(requested: 20, used: 8)])
        let fallback = CropPlan(sourceRect: Rect(x: 0, y: 0, width: 400, height: 300), quarterTurns: 0,
                                flipHorizontal: false, outputAspect: 4.0 / 3)
        for (placement, field) in [(EditorState.Placement.scrollView(frame: Size(width: 0, height: 150), zoomScale: 2,
                                                                     contentOffset: origin), CropWarning.Field.frame),
                                   (.normalizedRect(Rect(x: 0, y: 0, width: .infinity, height: 1)), .rect)] {
            let (plan, w) = resolver.resolve(state: EditorState(placement: placement), photo: photo, face: face)
            #expect(w == [.invalid(field)])
            #expect(plan == fallback)
        }
    }
}
