import PhotiCaseDiary
import PhotiCaseRaster
@testable import PhotiCaseSite

/// The test book's registry: where its kinds place their images, declared
/// as the pipeline's kinds declare theirs (`KindDeclaration.sitePlacements`),
/// with the test cache's paths (ids spelled by `SitePagesTests.encode`).
enum TestRegistry {
    static let sizes = SiteImageSizes.standard

    /// A placement of the entry's file `file` in its tickets folder.
    static func entry(_ slot: SitePlacement.Slot, _ file: String, label: String, alt: String,
                      english: (label: String, alt: String)? = nil, size: PixelSize, order: Int = 0) -> SitePlacement {
        SitePlacement(slot, label: label, alt: alt, english: english, size: size, order: order) {
            guard case let .entry(id) = $0 else { return nil }
            return "tickets/\(SitePagesTests.encode(id))/\(file)"
        }
    }

    /// Faces on cards and the entry page, the ticket card offered and, without a feed image, the preview.
    static let tickets = [
        entry(.entryCard, "front.webp", label: "앞면", alt: "티켓 앞면", english: ("Front", "ticket front"), size: sizes.face),
        entry(.entryFigure, "front.webp", label: "앞면", alt: "티켓 앞면", english: ("Front", "ticket front"), size: sizes.face),
        entry(.entryFigure, "back.webp", label: "뒷면", alt: "티켓 뒷면", english: ("Back", "ticket back"), size: sizes.face),
        entry(.entryPreview, "ticket.webp", label: "티켓 카드", alt: "티켓 앞면과 뒷면",
              english: ("Ticket card", "ticket front and back"), size: sizes.ticket, order: 1),
        entry(.entryDownload, "ticket.webp", label: "티켓 카드", alt: "티켓 앞면과 뒷면",
              english: ("Ticket card", "ticket front and back"), size: sizes.ticket),
    ]

    /// The feed image as the preview; the story and the feed offered.
    static let shares = [
        entry(.entryPreview, "feed.jpg", label: "피드", alt: "티켓", size: sizes.feed),
        entry(.entryPhoto, "feed.jpg", label: "피드", alt: "", size: sizes.feed),
        entry(.entryDownload, "story.jpg", label: "스토리", alt: "티켓 스토리", size: sizes.story),
        entry(.entryDownload, "feed.jpg", label: "피드", alt: "티켓", size: sizes.feed),
    ]

    /// The day thumbnail in the month's calendar.
    static let days = [
        SitePlacement(.dayCell, label: "썸네일", alt: "하루 썸네일", english: ("Thumbnail", "day thumbnail"), size: sizes.day) {
            guard case let .day(date) = $0 else { return nil }
            return "days/\(date).jpg"
        },
    ]

    /// The year's image, shown and offered.
    static let years = [SitePlacement.Slot.yearImage, .yearDownload].map { slot in
        SitePlacement(slot, label: "한 해 요약", alt: "티켓북 한 해 요약 이미지",
                      english: ("Year in review", "ticket book year in review"), size: sizes.year) {
            guard case let .year(year) = $0 else { return nil }
            return "years/\(year).jpg"
        }
    }

    /// The link previews `render --site-url` makes: an entry's (before the
    /// feed image) and a year's.
    static let previews = [
        entry(.entryPreview, "link.jpg", label: "링크 미리보기", alt: "티켓", english: ("Link preview", "ticket"),
              size: PixelSize(width: 1200, height: 630), order: -1),
        SitePlacement(.yearPreview, label: "링크 미리보기", alt: "티켓북 한 해 요약",
                      english: ("Link preview", "ticket book year in review"), size: PixelSize(width: 1200, height: 630)) {
            guard case let .year(year) = $0 else { return nil }
            return "years/\(year)-link.jpg"
        },
    ]
}
