import PhotiCaseDiary
import PhotiCaseRaster

/// An image of a kind of output placed on the site's pages, declared by
/// the kind (the pipeline's `KindDeclaration.sitePlacements`): in which
/// slot, under which words, at which size, and where the cache holds it
/// for the slot's subject. The site places no image of its own: each slot
/// holds exactly the declarations for it whose image this run makes, in
/// declared order (`order` first), and a page without any shows none.
public struct SitePlacement: Sendable {
    /// The places pages keep for images, each for one kind of subject
    /// (named first). Shown images are `<img>`s, linked ones a link that
    /// opens the image, offered ones a link that saves it.
    public enum Slot: String, Sendable, Hashable, CaseIterable {
        /// Shown for an entry wherever entries are listed (the grids and
        /// rows of calendar, book and years pages, the search's results):
        /// the first made, its alt empty (the title is the link's text). A
        /// row cuts it by CSS to a front face's photo area, so it is the
        /// front face or shares its geometry.
        case entryCard
        /// Shown in a row (the list, the timeline, the search's results)
        /// for an entry whose front has no photo and whose back has: the
        /// first made, cut by CSS (`.crop.feed`) to a square of the feed
        /// image's photo, so the row shows the photo the entry has
        /// (entry-format.md) rather than a blank square.
        case entryPhoto
        /// Shown on the entry's page: each made, a figure captioned by the
        /// label, alt the title and `alt`, a link opening it whole.
        case entryFigure
        /// The entry page's link preview (`--site-url`): the first made,
        /// described by the title and `alt`.
        case entryPreview
        /// Offered on the entry's page, saved as the title and the label.
        case entryDownload
        /// Shown in a day's cell of its month's calendar: the first made,
        /// its alt empty (the cell's link names the day and its entries).
        case dayCell
        /// Offered on the day's page, saved as the date and the label.
        case dayDownload
        /// Linked under a month's calendar: the month's name and the label.
        case monthLink
        /// Linked under a gallery or list page: the label.
        case bookPageLink
        /// Linked under a year's timeline, each image page of it: the
        /// label for one page, `alt` and the page number for several.
        case timelineLink
        /// Shown on the year's page, also its link preview: the first
        /// made, alt the year (`2022년`) and `alt`.
        case yearImage
        /// Offered on the year's page, saved as `<year>년 티켓북` and the label.
        case yearDownload
        /// The link preview of the year's page and, for the latest year,
        /// of the home page (`--site-url`): the first made, described by
        /// the year and `alt`; without one, the year's page takes
        /// `yearImage`'s.
        case yearPreview
    }

    /// What a slot is about, as a declaration's `path` is asked for it.
    public enum Subject: Sendable, Hashable {
        case entry(id: String)
        case day(CalendarDate)
        case month(MonthKey)
        case year(Int)
        /// A gallery or list page of the book, from 1.
        case bookPage(BookPageView, page: Int)
        /// A page of a year's timeline image; `page` nil when the year
        /// fits one image.
        case timeline(year: Int, page: Int?)
    }

    public var slot: Slot
    /// The image's words where the slot writes them: a caption, a link's
    /// text, the last word of a saved file's name (see `Slot`). Declared
    /// in Korean; `speaking(_:)` gives them in the site's language.
    public var label: String
    /// What the image shows, after its subject's name (`티켓 앞면` reads
    /// `헤어질 결심 티켓 앞면`): its alt text or preview description.
    public var alt: String
    /// `label` and `alt` in English (`Front`, `ticket front`); nil shows
    /// the same words in every language.
    public var english: (label: String, alt: String)?
    /// The image's pixels (`width` and `height`, so a page does not jump
    /// while it loads; a download's outline), nil where no slot of it
    /// needs them (a link to the image).
    public var size: PixelSize?
    /// Where it goes among the slot's other declarations, lower first;
    /// equal orders keep the declared order. A slot that shows one image
    /// shows the first made, so a fallback declares a higher order.
    public var order: Int
    /// The cache-relative path of the image for `subject`, nil when this
    /// run does not make it (the slot then leaves it out).
    public var path: @Sendable (Subject) -> String?

    public init(_ slot: Slot, label: String, alt: String = "", english: (label: String, alt: String)? = nil,
                size: PixelSize?, order: Int = 0, path: @escaping @Sendable (Subject) -> String?) {
        self.slot = slot
        self.label = label
        self.alt = alt
        self.english = english
        self.size = size
        self.order = order
        self.path = path
    }

    /// The declaration with its words in `locale`: the site's pages show
    /// `label` and `alt` as they are, so the site asks for its language's
    /// once (`SiteLinks.speaking`).
    public func speaking(_ locale: CardLocale) -> SitePlacement {
        guard locale == .en, let english else { return self }
        var spoken = self
        (spoken.label, spoken.alt) = english
        return spoken
    }

    /// What decides what a page makes of this declaration, for page keys:
    /// all but the paths (they follow the kinds made and their formats,
    /// which the keys name apart). The words are those of one language:
    /// key the declaration `speaking` the site's.
    public var keyText: String {
        "\(slot.rawValue) \(order) \(label) \(alt) " + (size.map { "\($0.width)x\($0.height)" } ?? "-")
    }
}

/// A declaration whose image is made for a page's subject, with its link
/// from that page.
struct PlacedImage {
    var placement: SitePlacement
    /// Cache-relative.
    var path: String
    /// From the page.
    var href: String
}

extension PageWriter {
    /// The declarations of `slot` whose image is made for `subject`, in
    /// their order.
    func placed(_ slot: SitePlacement.Slot, _ subject: SitePlacement.Subject) -> [PlacedImage] {
        links.placements(slot).compactMap { placed($0, subject) }
    }

    /// `placement`'s image for `subject`, nil when it is not made.
    func placed(_ placement: SitePlacement, _ subject: SitePlacement.Subject) -> PlacedImage? {
        placement.path(subject).map { PlacedImage(placement: placement, path: $0, href: HTML.href(from: path.relative, to: $0)) }
    }

    /// `<img>` of a placed image with its size, alt text and lazy loading.
    mutating func image(_ image: PlacedImage, alt: String, class name: String? = nil) {
        let size = image.placement.size
        html.open("img", [("class", name), ("src", image.href), ("alt", alt), ("width", size.map { String($0.width) }),
                          ("height", size.map { String($0.height) }), ("loading", "lazy"), ("decoding", "async")])
    }

    /// Links that open images (a month's sheet, a book page's image), in
    /// one paragraph under what they show; nothing without any.
    mutating func imageLinks(_ links: [(href: String, text: String)]) {
        guard !links.isEmpty else { return }
        html.open("p", [("class", "sheet-link")])
        for (i, link) in links.enumerated() {
            if i > 0 { html.text(" · ") }
            html.element("a", [("href", link.href)], link.text)
        }
        html.close("p")
    }
}
