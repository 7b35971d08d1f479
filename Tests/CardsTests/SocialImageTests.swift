@testable import PhotiCaseCards
import PhotiCaseDiary
import PhotiCaseRaster
import Testing

/// The story (9:16) and feed (4:5) images: their frames, a transparent
/// poster over the theme's paper, the brand gradient without a photo, and
/// a title that uses the room under the story's card before it is cut.
@Suite struct SocialImageTests {
    let photos = TestPhotos()

    static let longTitle = "파묘 — 오컬트 미스터리의 새로운 정점을 보여준 장재현 감독의 세 번째 장편 영화, 극장에서 두 번 봄"

    @Test(arguments: SocialFormat.allCases)
    func eachImageFillsItsFrameOpaque(format: SocialFormat) throws {
        let front = try photos.write(TestPhotos.scene(width: 900, height: 700, hue: 3), "front.jpg")
        let entry = testEntry(front: FacePhoto(name: "front.jpg", path: front))
        let image = try CardRenderer().renderSocial(SocialImageInput(entry, format: format)).raster
        #expect(image.size == format.size)
        var opaque = true
        for y in stride(from: 0, to: image.height, by: 7) {
            for x in stride(from: 0, to: image.width, by: 7) where image[x, y].a != 255 { opaque = false }
        }
        #expect(opaque, "a story or feed image is posted as JPEG: every pixel opaque")
    }

    /// A poster cut out on a transparent ground shows the theme's paper
    /// where it is transparent, not black and not the backdrop.
    @Test func aTransparentPosterShowsThePaperBehindIt() throws {
        let poster = try photos.write(TestPhotos.sticker(width: 800, height: 1000, color: RGBA(20, 40, 160)), "poster.png")
        let entry = testEntry(front: FacePhoto(name: "poster.png", path: poster))
        let renderer = try CardRenderer()
        let paper = renderer.theme.backgroundColor
        let feed = try renderer.renderSocial(SocialImageInput(entry, format: .feed)).raster
        // The feed's photo is full width above the band: its lower corners
        // are the poster's transparent ground.
        for (x, y) in [(40, 860), (1040, 860)] {
            let pixel = feed[x, y]
            #expect(abs(Int(pixel.r) - Int(paper.r)) <= 2 && abs(Int(pixel.g) - Int(paper.g)) <= 2
                    && abs(Int(pixel.b) - Int(paper.b)) <= 2, "(\(x), \(y)) is \(pixel), the paper \(paper)")
        }
        // And the sticker itself is drawn in the middle.
        let middle = feed[540, 450]
        #expect(middle.b > 120 && middle.r < 60, "\(middle)")
    }

    /// Without a photo the brand gradient stands in: bright and coloured,
    /// never a black or empty card.
    @Test func withoutAPhotoTheBrandGradientStandsIn() throws {
        let renderer = try CardRenderer()
        let story = try renderer.renderSocial(SocialImageInput(testEntry(), format: .story)).raster
        let card = SocialMetrics.storyCard
        let pixel = story[Int(card.midX), Int(card.y) + 20]
        #expect(Int(pixel.r) + Int(pixel.g) + Int(pixel.b) > 300, "\(pixel)")
    }

    /// A long title takes a third line, at a smaller size, rather than
    /// being cut while the space under the card is empty; only a title too
    /// long for three lines at 24 points is cut.
    @Test func aLongTitleUsesTheRoomUnderTheStoryCard() throws {
        let renderer = try CardRenderer()
        let ink = renderer.theme.inverseTextColor
        let short = try renderer.storyTitle("헤어질 결심", ink: ink)
        #expect(short.lines.count == 1 && !short.truncated)
        let long = try renderer.storyTitle(Self.longTitle, ink: ink)
        #expect(long.lines.count == 3 && !long.truncated, "\(long.lines.count) lines, truncated \(long.truncated)")
        #expect(long.size.height < short.size.height * 3, "set smaller than the 34-point line")
        let endless = try renderer.storyTitle(String(repeating: Self.longTitle + " ", count: 3), ink: ink)
        #expect(endless.truncated && endless.lines.count <= 4)
    }

    /// A title too long even at the smallest size is cut, and said: on the
    /// story, the feed and the front, never silently; one that fits says
    /// nothing.
    @Test func aTitleCutShortIsSaidOnEveryImage() throws {
        let renderer = try CardRenderer()
        let endless = String(repeating: "끝없이 이어지는 제목 ", count: 20)
        func leftOut(_ image: RenderedImage) -> [String] {
            image.warnings.compactMap { if case .leftOut = $0 { $0.description } else { nil } }
        }
        let long = testEntry(title: endless)
        for format in SocialFormat.allCases {
            let said = leftOut(try renderer.renderSocial(SocialImageInput(long, format: format)))
            #expect(said == ["/tmp/entry.json: the end of the title is left out: no room on the \(format.rawValue) image "
                             + "(\(format.size.width)x\(format.size.height))"], "\(said)")
            #expect(leftOut(try renderer.renderSocial(SocialImageInput(testEntry(), format: format))).isEmpty)
        }
        #expect(leftOut(try renderer.renderFront(long, scale: 2))
                == ["/tmp/entry.json: the end of the title is left out: no room on the front of a card 480 points tall"])
        #expect(leftOut(try renderer.renderFront(testEntry(title: "NCT 127 콘서트 NEO CITY – THE LINK"), scale: 2)).isEmpty)
    }
}
