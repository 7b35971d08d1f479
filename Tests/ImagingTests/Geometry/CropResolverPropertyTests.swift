import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

/// Property tests over thousands of seeded random photos, frames and states.
@Suite struct CropResolverPropertyTests {
    static let cases = 3000
    let resolver = CropResolver()

    /// A random photo, frame and in-range scroll state, plus the state's
    /// visible rectangle computed from the scroll-view formulas.
    struct Scenario {
        var photo: PixelSize
        var turns: Int
        var flip: Bool
        var frame: Size
        var zoom: Double
        var offset: Point
        /// Displayed photo size, base scale times zoom, and the largest offset.
        var displayed: Size { turns % 2 == 1 ? Size(width: Double(photo.height), height: Double(photo.width))
                                             : Size(width: Double(photo.width), height: Double(photo.height)) }
        var scale: Double { max(frame.width / displayed.width, frame.height / displayed.height) * zoom }
        var maxOffset: Point {
            Point(x: displayed.width * scale - frame.width, y: displayed.height * scale - frame.height)
        }
        var state: EditorState {
            EditorState(placement: .scrollView(frame: frame, zoomScale: zoom, contentOffset: offset),
                        quarterTurns: turns, flipHorizontal: flip)
        }

        init(_ rng: inout SplitMix64) {
            photo = PixelSize(width: Int.random(in: 1...6000, using: &rng), height: Int.random(in: 1...6000, using: &rng))
            turns = Int.random(in: 0...3, using: &rng)
            flip = Bool.random(using: &rng)
            frame = Size(width: Double.random(in: 40...600, using: &rng), height: Double.random(in: 40...600, using: &rng))
            zoom = Double.random(in: 1...CropResolver.defaultMaxZoom, using: &rng)
            offset = Point(x: 0, y: 0)
            let limit = maxOffset
            offset = Point(x: Double.random(in: 0...1, using: &rng) * limit.x, y: Double.random(in: 0...1, using: &rng) * limit.y)
        }
    }

    static func randomAspect(_ rng: inout SplitMix64) -> Double {
        Double.random(in: 0.25...4, using: &rng)
    }

    static func expectClose(_ a: Rect, _ b: Rect, tolerance: Double, _ context: String) {
        let d = [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].map(abs).max()!
        #expect(d <= tolerance, "\(a) vs \(b): \(context)")
    }

    @Test func cropLiesInsideThePhotoWithTheFaceAspect() {
        var rng = SplitMix64(seed: 1)
        for n in 0..<Self.cases {
            let s = Scenario(&rng)
            let aspect = Self.randomAspect(&rng)
            // Half the states are wild: out-of-range zooms, offsets, rects and turns.
            var state = s.state
            if n % 2 == 1 {
                state.quarterTurns = Int.random(in: -5...9, using: &rng)
                state.placement = n % 4 == 1
                    ? .scrollView(frame: s.frame, zoomScale: Double.random(in: -2...30, using: &rng),
                                  contentOffset: Point(x: Double.random(in: -3000...9000, using: &rng),
                                                       y: Double.random(in: -3000...9000, using: &rng)))
                    : .normalizedRect(Rect(x: Double.random(in: -1...1.5, using: &rng), y: Double.random(in: -1...1.5, using: &rng),
                                           width: Double.random(in: 0.001...2, using: &rng),
                                           height: Double.random(in: 0.001...2, using: &rng)))
            }
            let (plan, _) = resolver.resolve(state: state, photo: s.photo, face: Size(width: aspect, height: 1))
            let r = plan.sourceRect
            let bounds = Rect(x: 0, y: 0, width: Double(s.photo.width), height: Double(s.photo.height))
            #expect(bounds.contains(r, tolerance: 1e-6 * Double(max(s.photo.width, s.photo.height))), "\(r) in \(s.photo)")
            #expect(r.width > 0 && r.height > 0)
            #expect((0...3).contains(plan.quarterTurns))
            // In the displayed orientation width = aspect * height, within a pixel.
            let (w, h) = plan.quarterTurns % 2 == 1 ? (r.height, r.width) : (r.width, r.height)
            #expect(abs(w - aspect * h) <= 1, "\(w)x\(h) for aspect \(aspect)")
            #expect(plan.outputAspect == aspect)
        }
    }

    @Test func zoomOneAtOffsetZeroIsTheAspectFillAtTheTopLeft() {
        var rng = SplitMix64(seed: 2)
        for _ in 0..<Self.cases {
            var s = Scenario(&rng)
            s.zoom = 1
            s.offset = Point(x: 0, y: 0)
            var warnings: [CropWarning] = []
            let shown = resolver.displayedCrop(s.state.placement, photo: s.displayed,
                                               aspect: s.frame.aspectRatio, warnings: &warnings)
            #expect(warnings.isEmpty)
            #expect(abs(shown.x) < 1e-9 && abs(shown.y) < 1e-9, "\(shown)")
            let fillsWidth = abs(shown.width - s.displayed.width) < 1e-9
            let fillsHeight = abs(shown.height - s.displayed.height) < 1e-9
            #expect(fillsWidth || fillsHeight, "\(shown) in \(s.displayed)")
            if s.turns == 0 && !s.flip {
                let (plan, _) = resolver.resolve(state: s.state, photo: s.photo, face: s.frame)
                Self.expectClose(plan.sourceRect, shown, tolerance: 1e-9, "upright")
            }
        }
    }

    @Test func panningPastAnEdgeGivesTheCropAtThatEdge() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<Self.cases {
            var s = Scenario(&rng)
            let face = Size(width: Self.randomAspect(&rng), height: 1)
            let limit = s.maxOffset
            let edgeX = Bool.random(using: &rng) ? 0 : limit.x
            let edgeY = Bool.random(using: &rng) ? 0 : limit.y
            let pastX = edgeX == 0 ? -Double.random(in: 1...500, using: &rng) : edgeX + Double.random(in: 1...500, using: &rng)
            let pastY = edgeY == 0 ? -Double.random(in: 1...500, using: &rng) : edgeY + Double.random(in: 1...500, using: &rng)
            s.offset = Point(x: edgeX, y: edgeY)
            let (atEdge, edgeWarnings) = resolver.resolve(state: s.state, photo: s.photo, face: face)
            s.offset = Point(x: pastX, y: pastY)
            let (past, pastWarnings) = resolver.resolve(state: s.state, photo: s.photo, face: face)
            #expect(edgeWarnings.isEmpty)
            #expect(pastWarnings == [.contentOffsetClamped(requested: s.offset, used: Point(x: edgeX, y: edgeY))])
            #expect(past == atEdge)
        }
    }

    @Test func scrollViewAndNormalizedRectAgree() {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<Self.cases {
            let s = Scenario(&rng)
            let face = Size(width: Self.randomAspect(&rng), height: 1)
            let d = s.displayed, k = s.scale
            let rect = Rect(x: s.offset.x / k / d.width, y: s.offset.y / k / d.height,
                            width: s.frame.width / k / d.width, height: s.frame.height / k / d.height)
            let byRect = EditorState(placement: .normalizedRect(rect), quarterTurns: s.turns, flipHorizontal: s.flip)
            let (a, wa) = resolver.resolve(state: s.state, photo: s.photo, face: face)
            let (b, wb) = resolver.resolve(state: byRect, photo: s.photo, face: face)
            #expect(wa.isEmpty && wb.isEmpty, "\(wa) \(wb)")
            #expect(a.quarterTurns == b.quarterTurns && a.flipHorizontal == b.flipHorizontal)
            Self.expectClose(a.sourceRect, b.sourceRect, tolerance: 1e-6 * Double(max(s.photo.width, s.photo.height)),
                             "\(s.photo) \(s.frame) zoom \(s.zoom)")
        }
    }

    @Test func quarterTurnsCountModuloFour() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<Self.cases / 4 {
            let s = Scenario(&rng)
            let face = Size(width: Self.randomAspect(&rng), height: 1)
            let (plan, _) = resolver.resolve(state: s.state, photo: s.photo, face: face)
            for extra in [4, 8, -4] {
                var state = s.state
                state.quarterTurns += extra
                let (turned, warnings) = resolver.resolve(state: state, photo: s.photo, face: face)
                #expect(turned == plan)
                #expect(warnings == [.quarterTurnsNormalized(requested: s.turns + extra, used: s.turns)])
            }
        }
    }
}
