import PhotiCaseCards
import PhotiCaseConcurrency
import PhotiCaseDiary
import PhotiCaseDocument
import PhotiCaseImaging
import PhotiCaseRaster
import PhotiCaseText

extension PrintBookInput: DocumentLayout {
    public var bleed: Double { PrintGeometry(page).bleed }

    public func title(in locale: CardLocale) -> String { PrintStrings(locale: locale).title(year: year) }

    /// The print pages' drawing, and how their photos are placed and
    /// encoded, for the book's key: the version goes up with any change to
    /// what the pages draw, which renders the books again and nothing else
    /// (the cards' `RendererVersion` is the images').
    public static var encodingKey: String { "print-1|ppi300-jpeg-q92-444" }

    /// The book, in order: the cover, the year in review, each ticket's
    /// front and back (the back running on to as many pages as its memo
    /// needs), then the contents by month with each ticket's page.
    public func write(to writer: PDFWriter, with renderer: CardRenderer, spare: SpareThreads,
                      stop: @escaping @Sendable () -> Bool) throws -> DocumentReport {
        let book = try PrintBookWriter(self, writer: writer, renderer: renderer, spare: spare, stop: stop)
        try book.cover()
        try book.review()
        for i in tickets.indices { try book.ticket(i) }
        try book.contents()
        return DocumentReport(pages: book.pageCount, warnings: book.warnings + renderer.takeTextWarnings(),
                              provisional: book.provisional)
    }
}

/// Draws one print book, page after page, onto a `PDFWriter`, keeping
/// what the contents need (each ticket's page) and what went wrong.
final class PrintBookWriter {
    let input: PrintBookInput
    let writer: PDFWriter
    let renderer: CardRenderer
    let geometry: PrintGeometry
    /// Where the photos go on its pages.
    let layout: PrintLayout
    let words: PrintStrings
    var theme: Theme { renderer.theme }
    var strings: CardStrings { renderer.strings }
    var photos: PrintPhotoQueue
    /// Where each ticket's photos are in `photos`' requests.
    private var photoSlots: [(front: Int?, back: Int?)] = []
    private var coverSlot: Int?
    /// Pages begun so far: the current page's number.
    var pageCount = 0
    /// Each ticket's first page.
    private var ticketPages: [Int] = []
    var warnings: [CardWarning] = []
    var provisional = false
    /// An outline font to carry an emoji's text where its line has none.
    let fallbackFont: FontFace?

    /// Asked between pages: true ends the book (`CardError.stopped`).
    let stop: @Sendable () -> Bool

    init(_ input: PrintBookInput, writer: PDFWriter, renderer: CardRenderer, spare: SpareThreads,
         stop: @escaping @Sendable () -> Bool) throws {
        self.input = input
        self.stop = stop
        self.writer = writer
        self.renderer = renderer
        geometry = PrintGeometry(input.page)
        words = PrintStrings(locale: renderer.theme.locale)
        fallbackFont = Self.textFont(of: try renderer.layout("A", renderer.theme.textStyle(points: 10, scale: 1, color: .black),
                                                             width: .infinity))
        var requests: [PrintPhotoQueue.Request] = []
        func request(_ photo: PhotoInput?, _ box: Rect) -> Int? {
            guard let photo else { return nil }
            requests.append(.init(photo: photo, box: PixelSize(width: Int(box.width.rounded()), height: Int(box.height.rounded()))))
            return requests.count - 1
        }
        layout = PrintLayout(geometry, card: renderer.theme.cardSize)
        coverSlot = request(input.cover, layout.coverPhoto)
        for ticket in input.tickets {
            photoSlots.append((request(ticket.front.photo, layout.frontPhoto), request(ticket.back.photo, layout.backPhoto)))
        }
        // Not through the run's shared decodes: they keep a photo decoded
        // for its next load, and a book loads every photo of a year.
        var loader = renderer.loader
        loader.decodedPhotos = nil
        photos = PrintPhotoQueue(requests, loader: loader, spare: spare)
    }


    // MARK: - Pages

    /// The year, large, under the cover photo, on the theme's colour to
    /// the bleed.
    func cover() throws {
        try begin(folio: false)
        writer.fill(geometry.media, color: theme.brandColor)
        let box = layout.coverPhoto
        try place(coverSlot, in: box, placeholder: theme.brandSecondaryColor)
        var y = box.maxY + units(22)
        let safe = geometry.safe
        let year = try text("\(input.year)", points: 54, weight: .bold, color: theme.inverseTextColor, alignment: .center,
                            width: safe.width)
        draw(year, at: Point(x: safe.x, y: y))
        y += year.size.height
        let title = try text(words.book, points: 16, weight: .bold, color: theme.inverseTextColor, alignment: .center,
                             width: safe.width)
        draw(title, at: Point(x: safe.x, y: y))
        y += title.size.height + units(4)
        let count = try text(words.count(input.count), points: 10, color: theme.inverseTextColor, alignment: .center,
                             width: safe.width)
        draw(count, at: Point(x: safe.x, y: y))
        try end()
    }

    /// The year's figures: count, average, kinds, a bar a month, and who
    /// came along most.
    func review() throws {
        try begin()
        let safe = geometry.safe
        var y = safe.y
        y = try heading(words.review(year: input.year), at: y)
        y = try paragraph(words.count(input.count), points: 22, weight: .bold, at: y) + units(6)
        if let average = input.averageRating {
            let label = try text("\(words.average)  \(strings.rating(average))", points: 11, color: theme.textColor,
                                 width: safe.width)
            draw(label, at: Point(x: safe.x, y: y))
            stars(average, left: safe.x + label.size.width + units(8), centerY: y + label.size.height / 2, radius: units(6))
            y += label.size.height + units(14)
        }
        y = try paragraph(words.kinds, points: 9, color: theme.secondaryTextColor, at: y)
        for kind in input.kinds {
            y = try paragraph("\(strings.kind(kind.kind))  \(kind.count)", points: 11, at: y)
        }
        y += units(14)
        y = try paragraph(words.byMonth, points: 9, color: theme.secondaryTextColor, at: y) + units(4)
        y = try monthBars(at: y) + units(14)
        if let companions = input.companions {
            y = try paragraph(words.companions, points: 9, color: theme.secondaryTextColor, at: y)
            _ = try paragraph("\(companions.names.joined(separator: ", ")) (\(words.times(companions.count)))",
                              points: 11, at: y)
        }
        try end()
    }

    /// A ticket's front page, then its back, running on as its memo needs.
    func ticket(_ i: Int) throws {
        let ticket = input.tickets[i]
        let safe = geometry.safe
        // Front: the photo as edited, then kind and date, the title, the stars.
        try begin()
        ticketPages.append(pageCount)
        let box = layout.frontPhoto
        if photoSlots[i].front == nil {
            // No photo: the card's colour, lightly, with the kind across it.
            writer.fillRoundedRect(box, radius: units(6), color: theme.brandColor.withAlpha(40))
            let kind = try text(strings.kind(ticket.front.kind), points: 28, weight: .bold, color: theme.brandColor,
                                alignment: .center, width: box.width)
            draw(kind, at: Point(x: box.x, y: box.midY - kind.size.height / 2))
        } else {
            try place(photoSlots[i].front, in: box, placeholder: theme.brandColor)
        }
        var y = box.maxY + units(12)
        y = try paragraph("\(strings.kind(ticket.front.kind)) · \(strings.date(ticket.front.date))", points: 9,
                          color: theme.secondaryTextColor, alignment: .center, at: y) + units(2)
        y = try paragraph(ticket.front.title, points: 17, weight: .bold, alignment: .center, maxLines: 3, at: y) + units(6)
        stars(ticket.front.rating, centeredIn: safe.midX, centerY: y + units(7), radius: units(7))
        try end()

        // Back: the title and details, the back photo, the whole memo.
        try begin()
        let back = ticket.back
        y = try paragraph(back.title, points: 14, weight: .bold, maxLines: 3, at: safe.y)
        y = try paragraph("\(strings.date(back.date)) · \(strings.kind(back.kind))", points: 9,
                          color: theme.secondaryTextColor, at: y + units(2))
        stars(back.rating, left: safe.x, centerY: y + units(8), radius: units(6))
        let rating = try text(strings.rating(back.rating), points: 9, color: theme.secondaryTextColor, width: safe.width)
        draw(rating, at: Point(x: safe.x + units(6) * 2 * 5 + units(6), y: y + units(8) - rating.size.height / 2))
        y += units(20)
        if let credit = strings.credit(kind: back.kind, director: back.director, author: back.author, year: back.year) {
            y = try paragraph(credit, points: 10, maxLines: 2, at: y)
        }
        if let friends = strings.friends(back.friends) {
            y = try paragraph(friends, points: 10, maxLines: 4, at: y)
        }
        y += units(8)
        if let slot = photoSlots[i].back {
            var box = layout.backPhoto
            box.y = y
            try place(slot, in: box, placeholder: theme.brandColor)
            y = box.maxY + units(10)
        }
        if let memo = back.memo, !memo.isEmpty {
            try flow(memo, from: y, continuing: back.title)
        }
        try end()
    }

    /// The contents: each month's tickets with their dates and first page.
    func contents() throws {
        try begin()
        let safe = geometry.safe
        var y = try heading(words.contents, at: safe.y)
        let rowStyle = theme.textStyle(points: 9.5, scale: PrintGeometry.units(points: 1), color: theme.textColor, maxLines: 1)
        let numberWidth = units(28), dateWidth = units(40)
        var month = 0
        for (i, ticket) in input.tickets.enumerated() {
            let date = ticket.front.date
            if date.month != month {
                month = date.month
                let head = try text(words.monthName(month), points: 11, weight: .bold, width: safe.width)
                if y + head.size.height + units(30) > layout.bottom { try end(); try begin(); y = safe.y }
                draw(head, at: Point(x: safe.x, y: y + units(6)))
                y += head.size.height + units(8)
            }
            let title = try renderer.layout(ticket.front.title, rowStyle, width: safe.width - numberWidth - dateWidth - units(12))
            if y + title.size.height > layout.bottom { try end(); try begin(); y = safe.y }
            let day = try text(String(format: "%02d.%02d", date.month, date.day), points: 9.5, color: theme.secondaryTextColor,
                               width: dateWidth)
            draw(day, at: Point(x: safe.x, y: y))
            // Every title starts at its column's left, a right-to-left one
            // too (set leading, it would sit at the right, over the dots).
            let shift = title.lines.first?.x ?? 0
            draw(title, at: Point(x: safe.x + dateWidth - shift, y: y))
            let number = try text("\(ticketPages[i])", points: 9.5, alignment: .trailing, width: numberWidth)
            draw(number, at: Point(x: safe.maxX - numberWidth, y: y))
            let leaderY = y + (title.lines.first?.baseline ?? title.size.height * 0.8)
            let from = safe.x + dateWidth + (title.lines.first?.width ?? 0) + units(6)
            let to = safe.maxX - (number.lines.first?.width ?? 0) - units(6)
            if to > from {
                writer.strokeLine(from: Point(x: from, y: leaderY), to: Point(x: to, y: leaderY), width: units(0.6),
                                  color: theme.secondaryTextColor, dash: [units(0.6), units(2.4)])
            }
            y += title.size.height
        }
        try end()
    }
}
