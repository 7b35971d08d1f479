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
        var card: Raster
        let ink: (main: RGBA, soft: RGBA)
        // 1. The background: the theme's, with the back photo over it (a
        //    photo with transparency shows the card, not the share
        //    backdrop), darkened enough that the lightest ink reaches 4.5:1
        //    against the brightest pixel and never less than the theme asks.
        card = Raster(width: size.width, height: size.height, fill: theme.backgroundColor)
        if let photo = face.photo?.file {
            let loaded = try loader.load(photo, size: size)
            card.draw(loaded.raster, at: 0, 0)
            warnings += loaded.warnings
            ink = (theme.inverseTextColor, theme.inverseTextColor.withOpacity(0.78))
            let top = stubTop(size, scale: scale)
            card.dim(by: TextContrast.scrimOpacity(
                inks: [ink.main.opaque, ink.main.opaque.withOpacity(0.78)],
                over: TextContrast.brightest(in: card, PixelRect(x: 0, y: 0, width: size.width, height: Int(top))),
                floor: theme.backPhotoDim))
        } else {
            ink = (theme.textColor, theme.secondaryTextColor)
        }
        let pad = CardMetrics.padding * scale
        let width = Double(size.width) - 2 * pad
        var y = pad
        // 2. Kind badge, and the date right-aligned on the same line; on a
        //    card too narrow for both, the badge set smaller, then the date
        //    on a row of its own, then the badge cut (`BackHeader`), said.
        let header = try backHeader(label: strings.kind(face.kind), date: strings.date(face.date), top: y,
                                    scale: scale, dateColor: ink.soft, badgeTextColor: theme.inverseTextColor)
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
        y += header.height + 14 * scale
        // 3. The title: at 24 points on as many lines as it needs, up to
        //    three; a longer one set smaller, down to 18 points, before it
        //    is cut (and said).
        let limit = stubTop(size, scale: scale) - 14 * scale
        var leftOut: [String] = []
        let titleRoom = min(3 * 24 * 1.22 * scale, max(2 * 24 * 1.22 * scale, (limit - y) * 0.42))
        let title = try layoutFitting(SearchTitle.shown(face.title), points: 24, minimum: 18, width: width,
                                      height: titleRoom) { points in
            theme.textStyle(points: points, scale: scale, weight: .bold, color: ink.main, lineHeight: 1.22)
        }
        if title.truncated { leftOut.append("the end of the title") }
        draw(title, into: &card, at: Point(x: pad, y: y.rounded()))
        y += title.size.height + 10 * scale
        // 4. Stars and the rating as a number.
        let radius = 9 * scale, spacing = 21 * scale
        let stars = drawStars(face.rating, into: &card, center: Point(x: pad + radius, y: y + radius),
                              radius: radius, spacing: spacing, color: theme.starColor)
        let number = try layout(strings.rating(face.rating),
                                theme.textStyle(points: 14, scale: scale, weight: .bold, color: ink.main, lineHeight: 1.2),
                                width: .infinity)
        draw(number, into: &card, at: Point(x: (pad + stars + 8 * scale).rounded(),
                                            y: (y + radius - number.size.height / 2).rounded()))
        y += 2 * radius + 14 * scale
        // 5. The credit (as the kind has one) and year, then friends, each
        //    wrapping onto as many lines as it needs, as long as the memo
        //    keeps two lines (or what it needs) below them; past that the
        //    friends are cut, then the credit, each with "…", and a short
        //    card leaves them out.
        var memoStyle = theme.textStyle(points: 13.5, scale: scale, color: ink.main, lineHeight: 1.55,
                                        preserveNewlines: true)
        let memoLine = height(of: 1, memoStyle)
        let memo = (face.memo ?? "").isEmpty ? nil : face.memo
        // Up to two: what the reserve below counts.
        let memoNeeds = try memo.map { text throws(CardError) in
            var firstTwo = memoStyle
            firstTwo.maxLines = 2
            return try layout(text, firstTwo, width: width).lines.count
        } ?? 0
        // Below the details: the gap, the hairline and its gap, the memo's
        // first lines; kept only where the memo can have a line at all.
        // The details come first: the memo keeps what a line of each leaves,
        // up to its two lines, or nothing when that is not one line.
        let memoReserve = 26 * scale + memoLine * Double(min(2, memoNeeds))
        let detailsAtLeast = Double((strings.credit(kind: face.kind, director: face.director, author: face.author,
                                                    year: face.year) == nil ? 0 : 1)
                                    + (strings.friends(face.friends) == nil ? 0 : 1))
            * height(of: 1, theme.textStyle(points: 13.5, scale: scale, color: ink.soft, lineHeight: 1.45))
        let spare = min(memoReserve, limit - y - detailsAtLeast)
        let reserve = memoNeeds > 0 && spare >= 26 * scale + memoLine ? spare : 0
        let detail = theme.textStyle(points: 13.5, scale: scale, color: ink.soft, lineHeight: 1.45)
        let detailLine = height(of: 1, detail)
        var details: [(text: String, name: String)] = []
        if let credit = strings.credit(kind: face.kind, director: face.director, author: face.author, year: face.year) {
            details.append((credit, "the credit"))
        }
        if let friends = strings.friends(face.friends) { details.append((friends, "friends")) }
        for (k, detailText) in details.enumerated() {
            // What the details after this one need at least: a line each.
            let after = Double(details.count - k - 1) * detailLine
            let room = limit - reserve - y - after
            let lines = Int((room + 0.5) / detailLine)
            guard lines >= 1 else {
                leftOut += details[k...].map(\.name)
                break
            }
            var style = detail
            style.maxLines = lines
            let l = try layout(detailText.text, style, width: width)
            if l.truncated { leftOut.append(detailText.name == "friends" ? "some friends" : "the end of the credit") }
            draw(l, into: &card, at: Point(x: pad, y: y.rounded()))
            y += l.size.height
        }
        y += 12 * scale
        // 6. A hairline, then the memo down to the perforation; neither
        //    where there is no room (they would run into it), and a memo
        //    left out, or cut because the card is full, is said.
        if y + scale <= limit {
            card.fill(.solid(ink.soft.withOpacity(0.35)),
                      in: PixelRect(x: Int(pad), y: Int(y.rounded()), width: Int(width), height: max(1, Int(scale.rounded()))))
        }
        y += 14 * scale
        if let memo {
            let fit = Int(((limit - y) / memoLine).rounded(.down))
            if fit >= 1 {
                memoStyle.maxLines = fit
                let lines = try layout(memo, memoStyle, width: width)
                if lines.truncated { leftOut.append("the end of the memo") }
                draw(lines, into: &card, at: Point(x: pad, y: y.rounded()))
            } else {
                leftOut.append("the memo")
            }
        }
        if !leftOut.isEmpty {
            warnings.append(.leftOut(file: face.source, what: leftOut,
                                     reason: "no room on a card \(Int(theme.cardSize.height)) points tall"))
        }
        // 7. The stub: a barcode made from the entry's id.
        drawBarcode(face.barcode, into: &card, scale: scale, color: ink.main.withOpacity(0.85))
        // 8. The ticket outline.
        cutTicket(&card, scale: scale)
        return RenderedImage(raster: card, warnings: warnings + takeTextWarnings())
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
