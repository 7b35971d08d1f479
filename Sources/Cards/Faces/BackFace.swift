import PhotiCaseText
import PhotiCaseDiary
import PhotiCaseRaster

/// The back of a ticket: the back photo as edited and dimmed (or the
/// theme's background), with the title, kind, date, rating, credits,
/// friends and the memo in the space left, and a barcode on the stub.
extension CardRenderer {
    /// Renders the back face of `entry` at `scale` (pixels per point).
    /// Throws `CardError.photo` naming the photo when it cannot be read.
    public func renderBack(_ entry: Entry, scale: Double) throws(CardError) -> RenderedImage {
        try renderBack(BackFaceInput(entry), scale: scale)
    }

    /// Renders the back face `face` describes at `scale`; it reads nothing
    /// else. Throws `CardError.photo` naming the photo when it cannot be read.
    public func renderBack(_ face: BackFaceInput, scale: Double) throws(CardError) -> RenderedImage {
        let size = cardPixelSize(scale: scale)
        var warnings: [CardWarning] = []
        let background = try backBackground(face, size: size, scale: scale, warnings: &warnings)
        var card = background.card
        let ink = background.ink
        let pad = CardMetrics.padding * scale
        var text = BackText(pad: pad, width: Double(size.width) - 2 * pad, y: pad,
                            limit: stubTop(size, scale: scale) - 14 * scale, scale: scale, ink: ink)
        try drawBackHeader(face, into: &card, text: &text, warnings: &warnings)
        try drawBackTitle(face, into: &card, text: &text)
        try drawBackRating(face, into: &card, text: &text)
        let memo = try backMemo(face, text: text)
        try drawBackDetails(face, into: &card, text: &text, reserve: memo.reserve)
        try drawBackMemo(memo, into: &card, text: &text)
        if !text.leftOut.isEmpty {
            warnings.append(.leftOut(file: face.source, what: text.leftOut,
                                     reason: "no room on a card \(Int(theme.cardSize.height)) points tall"))
        }
        // The stub: a barcode made from the entry's id; then the ticket's outline.
        drawBarcode(face.barcode, into: &card, scale: scale, color: ink.main.withOpacity(0.85))
        cutTicket(&card, scale: scale)
        return RenderedImage(raster: card, warnings: warnings + takeTextWarnings())
    }

    /// Where the back's text goes, as it is set from the top down: the
    /// column, the line it has reached, the perforation it must stay above,
    /// its inks, and what was left out for lack of room.
    private struct BackText {
        let pad: Double
        let width: Double
        var y: Double
        let limit: Double
        let scale: Double
        let ink: (main: RGBA, soft: RGBA)
        var leftOut: [String] = []
    }

    /// The memo as the back sets it, and the room kept for it below the
    /// details.
    private struct BackMemo {
        var text: String?
        var style: TextStyle
        var line: Double
        var reserve: Double
    }

    /// 1. The background: the theme's, with the back photo over it (a
    ///    photo with transparency shows the card, not the share backdrop),
    ///    darkened enough that the lightest ink reaches 4.5:1 against the
    ///    brightest pixel and never less than the theme asks; and the inks
    ///    the text takes over it.
    private func backBackground(_ face: BackFaceInput, size: PixelSize, scale: Double,
                                warnings: inout [CardWarning]) throws(CardError) -> (card: Raster, ink: (main: RGBA, soft: RGBA)) {
        var card = Raster(width: size.width, height: size.height, fill: theme.backgroundColor)
        guard let photo = face.photo?.file else { return (card, (theme.textColor, theme.secondaryTextColor)) }
        let loaded = try loader.load(photo, size: size)
        card.draw(loaded.raster, at: 0, 0)
        warnings += loaded.warnings
        let ink = (main: theme.inverseTextColor, soft: theme.inverseTextColor.withOpacity(0.78))
        let top = stubTop(size, scale: scale)
        card.dim(by: TextContrast.scrimOpacity(
            inks: [ink.main.opaque, ink.main.opaque.withOpacity(0.78)],
            over: TextContrast.brightest(in: card, PixelRect(x: 0, y: 0, width: size.width, height: Int(top))),
            floor: theme.backPhotoDim))
        return (card, ink)
    }

    /// 2. Kind badge, and the date right-aligned on the same line; on a
    ///    card too narrow for both, the badge set smaller, then the date on
    ///    a row of its own, then the badge cut (`BackHeader`), said.
    private func drawBackHeader(_ face: BackFaceInput, into card: inout Raster, text: inout BackText,
                                warnings: inout [CardWarning]) throws(CardError) {
        let header = try backHeader(label: strings.kind(face.kind), date: strings.date(face.date), top: text.y,
                                    scale: text.scale, dateColor: text.ink.soft, badgeTextColor: theme.inverseTextColor)
        draw(header.badge, into: &card, at: header.badgeOrigin, fill: theme.badgeColor(face.kind))
        draw(header.date, into: &card, at: header.dateOrigin)
        let narrow = "on the back of a card \(Int(theme.cardSize.width)) points wide"
        if !header.changes.isEmpty {
            warnings.append(.rearranged(file: face.source, changes: header.changes,
                                        reason: "no room for the kind badge beside the date \(narrow)"))
        }
        if !header.leftOut.isEmpty {
            warnings.append(.leftOut(file: face.source, what: header.leftOut, reason: "no room \(narrow)"))
        }
        text.y += header.height + 14 * text.scale
    }

    /// 3. The title: at 24 points on as many lines as it needs, up to
    ///    three; a longer one set smaller, down to 18 points, before it is
    ///    cut (and said).
    private func drawBackTitle(_ face: BackFaceInput, into card: inout Raster, text: inout BackText) throws(CardError) {
        let scale = text.scale, ink = text.ink
        let titleRoom = min(3 * 24 * 1.22 * scale, max(2 * 24 * 1.22 * scale, (text.limit - text.y) * 0.42))
        let title = try layoutFitting(SearchTitle.shown(face.title), points: 24, minimum: 18, width: text.width,
                                      height: titleRoom) { points in
            theme.textStyle(points: points, scale: scale, weight: .bold, color: ink.main, lineHeight: 1.22)
        }
        if title.truncated { text.leftOut.append("the end of the title") }
        draw(title, into: &card, at: Point(x: text.pad, y: text.y.rounded()))
        text.y += title.size.height + 10 * scale
    }

    /// 4. Stars and the rating as a number.
    private func drawBackRating(_ face: BackFaceInput, into card: inout Raster, text: inout BackText) throws(CardError) {
        let scale = text.scale, pad = text.pad, y = text.y
        let radius = 9 * scale, spacing = 21 * scale
        let stars = drawStars(face.rating, into: &card, center: Point(x: pad + radius, y: y + radius),
                              radius: radius, spacing: spacing, color: theme.starColor)
        let number = try layout(strings.rating(face.rating),
                                theme.textStyle(points: 14, scale: scale, weight: .bold, color: text.ink.main, lineHeight: 1.2),
                                width: .infinity)
        draw(number, into: &card, at: Point(x: (pad + stars + 8 * scale).rounded(),
                                            y: (y + radius - number.size.height / 2).rounded()))
        text.y += 2 * radius + 14 * scale
    }

    /// The memo's style, and the room below the details it keeps: the gap,
    /// the hairline and its gap, and its first lines (up to two), kept only
    /// where the memo can have a line at all. The details come first: the
    /// memo keeps what a line of each leaves, up to its two lines, or
    /// nothing when that is not one line.
    private func backMemo(_ face: BackFaceInput, text: BackText) throws(CardError) -> BackMemo {
        let scale = text.scale
        let style = theme.textStyle(points: 13.5, scale: scale, color: text.ink.main, lineHeight: 1.55,
                                    preserveNewlines: true)
        let line = height(of: 1, style)
        let memo = (face.memo ?? "").isEmpty ? nil : face.memo
        // Up to two: what the reserve counts.
        let needs = try memo.map { memo throws(CardError) in
            var firstTwo = style
            firstTwo.maxLines = 2
            return try layout(memo, firstTwo, width: text.width).lines.count
        } ?? 0
        let wanted = 26 * scale + line * Double(min(2, needs))
        let detailsAtLeast = Double((strings.credit(kind: face.kind, director: face.director, author: face.author,
                                                    year: face.year) == nil ? 0 : 1)
                                    + (strings.friends(face.friends) == nil ? 0 : 1))
            * height(of: 1, theme.textStyle(points: 13.5, scale: scale, color: text.ink.soft, lineHeight: 1.45))
        let spare = min(wanted, text.limit - text.y - detailsAtLeast)
        return BackMemo(text: memo, style: style, line: line,
                        reserve: needs > 0 && spare >= 26 * scale + line ? spare : 0)
    }

    /// 5. The credit (as the kind has one) and year, then friends, each
    ///    wrapping onto as many lines as it needs, as long as the memo keeps
    ///    `reserve` below them; past that the friends are cut, then the
    ///    credit, each with "…", and a short card leaves them out.
    private func drawBackDetails(_ face: BackFaceInput, into card: inout Raster, text: inout BackText,
                                 reserve: Double) throws(CardError) {
        let detail = theme.textStyle(points: 13.5, scale: text.scale, color: text.ink.soft, lineHeight: 1.45)
        let detailLine = height(of: 1, detail)
        var details: [(text: String, name: String)] = []
        if let credit = strings.credit(kind: face.kind, director: face.director, author: face.author, year: face.year) {
            details.append((credit, "the credit"))
        }
        if let friends = strings.friends(face.friends) { details.append((friends, "friends")) }
        for (k, detailText) in details.enumerated() {
            // What the details after this one need at least: a line each.
            let after = Double(details.count - k - 1) * detailLine
            let room = text.limit - reserve - text.y - after
            let lines = Int((room + 0.5) / detailLine)
            guard lines >= 1 else {
                text.leftOut += details[k...].map(\.name)
                break
            }
            var style = detail
            style.maxLines = lines
            let l = try layout(detailText.text, style, width: text.width)
            if l.truncated { text.leftOut.append(detailText.name == "friends" ? "some friends" : "the end of the credit") }
            draw(l, into: &card, at: Point(x: text.pad, y: text.y.rounded()))
            text.y += l.size.height
        }
        text.y += 12 * text.scale
    }

    /// 6. A hairline, then the memo down to the perforation; neither where
    ///    there is no room (they would run into it), and a memo left out,
    ///    or cut because the card is full, is said.
    private func drawBackMemo(_ memo: BackMemo, into card: inout Raster, text: inout BackText) throws(CardError) {
        let scale = text.scale
        if text.y + scale <= text.limit {
            card.fill(.solid(text.ink.soft.withOpacity(0.35)),
                      in: PixelRect(x: Int(text.pad), y: Int(text.y.rounded()), width: Int(text.width),
                                    height: max(1, Int(scale.rounded()))))
        }
        text.y += 14 * scale
        guard let body = memo.text else { return }
        let fit = Int(((text.limit - text.y) / memo.line).rounded(.down))
        guard fit >= 1 else {
            text.leftOut.append("the memo")
            return
        }
        var style = memo.style
        style.maxLines = fit
        let lines = try layout(body, style, width: text.width)
        if lines.truncated { text.leftOut.append("the end of the memo") }
        draw(lines, into: &card, at: Point(x: text.pad, y: text.y.rounded()))
    }

    /// Bars of varying width, derived from `id` by a fixed hash (FNV-1a),
    /// centred on the stub: decoration that differs per ticket yet is the
    /// same on every render.
    private func drawBarcode(_ id: String, into card: inout Raster, scale: Double, color: RGBA) {
        let top = stubTop(card.size, scale: scale)
        let height = 34 * scale, span = Double(card.width) * 0.62
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var widths: [Double] = []
        var total = 0.0
        var byte = id.utf8.makeIterator()
        while total < span {
            hash ^= UInt64(byte.next() ?? 0x5A)
            hash &*= 0x100_0000_01b3
            let bar = Double(1 + hash >> 61 % 3) * scale, gap = Double(1 + (hash >> 40) % 3) * scale
            widths.append(bar)
            widths.append(gap)
            total += bar + gap
        }
        var x = ((Double(card.width) - total) / 2).rounded()
        let y = (top + (Double(card.height) - top - height) / 2).rounded()
        for (i, w) in widths.enumerated() {
            if i % 2 == 0 {
                card.fill(.solid(color), in: PixelRect(x: Int(x), y: Int(y), width: Int(w.rounded()), height: Int(height)))
            }
            x += w.rounded()
        }
    }
}
