import PhotiCaseCards
import PhotiCaseConcurrency
import PhotiCaseDiary
import PhotiCaseDocument
import PhotiCaseImaging
import PhotiCaseRaster
import PhotiCaseText

// The parts a print page is made of: its start and end with the folio,
// a memo run over pages, the month bars, stars, photos and text.

extension PrintBookWriter {
    /// Starts a page; `folio`: its number printed at its foot.
    func begin(folio: Bool = true) throws {
        if stop() { throw CardError.stopped(.cancelled) }
        pageCount += 1
        writer.beginPage(width: geometry.media.width, height: geometry.media.height)
        if folio {
            let number = try text("\(pageCount)", points: 8, color: theme.secondaryTextColor, alignment: .center,
                                  width: geometry.safe.width)
            draw(number, at: Point(x: geometry.safe.x, y: geometry.safe.maxY - number.size.height))
        }
    }

    func end() throws { try writer.endPage() }

    /// `memo` laid out whole, from `y` down the page and on to as many
    /// pages as it needs, each headed by `title` and "(continued)".
    func flow(_ memo: String, from start: Double, continuing title: String) throws {
        let safe = geometry.safe
        let style = theme.textStyle(points: 10, scale: PrintGeometry.units(points: 1), color: theme.textColor,
                                    lineHeight: 1.55, preserveNewlines: true)
        var y = start
        // Piece by piece: a memo of megabytes holds one piece's layout.
        do {
        try renderer.text.layoutWhole(memo, style: style, width: safe.width) { piece in
            if !piece.missingCharacters.isEmpty {
                self.warnings.append(.missingCharacters(text: String(memo.prefix(40)), characters: piece.missingCharacters))
            }
            let font = Self.textFont(of: piece) ?? self.fallbackFont
            for (i, line) in piece.lines.enumerated() {
                if y + piece.lineSpacing > self.layout.bottom {
                    try self.end()
                    try self.begin()
                    y = try self.paragraph("\(title) \(self.words.continued)", points: 8.5, color: self.theme.secondaryTextColor,
                                      maxLines: 1, at: safe.y) + units(8)
                }
                self.draw(line, style: piece.style, x: safe.x + line.x, baseline: y + line.baseline - Double(i) * piece.lineSpacing,
                     textFont: font)
                y += piece.lineSpacing
            }
        }
        } catch let error as TextError {
            throw CardError.font(error)
        }
    }

    /// Twelve bars, a month each, as tall as its count, with the count
    /// above and the month's number below; returns the y under them.
    func monthBars(at top: Double) throws -> Double {
        let safe = geometry.safe
        let height = units(70), slot = safe.width / 12
        let most = max(1, input.months.max() ?? 1)
        let label = units(14)
        for (m, count) in input.months.enumerated() {
            let barHeight = height * Double(count) / Double(most)
            let x = safe.x + Double(m) * slot
            let bar = Rect(x: x + slot * 0.2, y: top + label + height - barHeight, width: slot * 0.6, height: max(barHeight, units(0.8)))
            writer.fill(bar, color: count > 0 ? theme.brandColor : theme.secondaryTextColor.withAlpha(60))
            if count > 0 {
                let n = try text("\(count)", points: 8, color: theme.secondaryTextColor, alignment: .center, width: slot)
                draw(n, at: Point(x: x, y: bar.y - n.size.height))
            }
            let name = try text("\(m + 1)", points: 8, color: theme.secondaryTextColor, alignment: .center, width: slot)
            draw(name, at: Point(x: x, y: top + label + height + units(3)))
        }
        return top + label + height + units(16)
    }

    /// Five stars for `rating` (halves), the first star's centre at
    /// `left + radius`, as vector shapes.
    func stars(_ rating: Double, left: Double, centerY: Double, radius: Double) {
        for (i, fill) in StarFill.row(rating: rating).enumerated() {
            let star = StarShape(center: Point(x: left + radius + Double(i) * radius * 2.1, y: centerY), outerRadius: radius)
            let empty = theme.starColor.withAlpha(70)
            switch fill {
            case .full: writer.fill(polygon: star.vertices, color: theme.starColor)
            case .empty: writer.fill(polygon: star.vertices, color: empty)
            case .half:
                writer.fill(polygon: star.vertices, color: empty)
                writer.withClip(Rect(x: star.center.x - radius, y: centerY - radius, width: radius, height: radius * 2)) {
                    writer.fill(polygon: star.vertices, color: theme.starColor)
                }
            }
        }
    }

    /// Five stars centred on `centerX`.
    func stars(_ rating: Double, centeredIn centerX: Double, centerY: Double, radius: Double) {
        let width = radius * 2.1 * 4 + radius * 2
        stars(rating, left: centerX - width / 2, centerY: centerY, radius: radius)
    }

    /// The picture of request `slot` in `box`: the JPEG scaled to fill it
    /// (its pixels are the box's at 300 ppi, or fewer), or a placeholder
    /// in `placeholder`'s colour, with a warning, when the photo failed.
    func place(_ slot: Int?, in box: Rect, placeholder: RGBA) throws {
        guard let slot else {
            writer.fillRoundedRect(box, radius: units(4), color: placeholder)
            return
        }
        switch photos.picture(slot) {
        case let .jpeg(bytes, size, id, pictureWarnings):
            warnings += pictureWarnings.filter { !$0.isAboutFit }
            writer.drawJPEG(bytes, pixelWidth: size.width, pixelHeight: size.height, uniqueID: id, in: box)
        case let .failed(error):
            // Only a photo that cannot be read becomes a placeholder; a
            // stop or a font ends the book.
            guard case let .photo(failure) = error else { throw error }
            warnings.append(.decoder(path: failure.path, message: "\(failure.reason); printed as a placeholder"))
            provisional = provisional || failure.reason.isTransient
            writer.fillRoundedRect(box, radius: units(4), color: placeholder)
        }
    }

    // MARK: - Text

    /// `points` typographic points in units.
    func units(_ points: Double) -> Double { PrintGeometry.units(points: points) }

    /// `string` laid out in the theme's font at `points`, `width` units wide.
    func text(_ string: String, points: Double, weight: FontWeight = .regular, color: RGBA? = nil,
              alignment: TextAlignment = .leading, maxLines: Int? = nil, width: Double) throws -> TextLayout {
        try renderer.layout(string, theme.textStyle(points: points, scale: PrintGeometry.units(points: 1), weight: weight,
                                                    color: color ?? theme.textColor, alignment: alignment,
                                                    maxLines: maxLines), width: width)
    }

    /// `string` across the safe area from `y`; returns the y under it.
    func paragraph(_ string: String, points: Double, weight: FontWeight = .regular, color: RGBA? = nil,
                   alignment: TextAlignment = .leading, maxLines: Int? = nil, at y: Double) throws -> Double {
        let safe = geometry.safe
        let layout = try text(string, points: points, weight: weight, color: color, alignment: alignment,
                              maxLines: maxLines, width: safe.width)
        draw(layout, at: Point(x: safe.x, y: y))
        return y + layout.size.height
    }

    /// A page's heading; returns the y under it.
    func heading(_ string: String, at y: Double) throws -> Double {
        try paragraph(string, points: 20, weight: .bold, at: y) + units(10)
    }

    var fallback: FontFace? { fallbackFont }
}

extension RGBA {
    /// The colour at `alpha` (0-255) opacity.
    func withAlpha(_ alpha: UInt8) -> RGBA { RGBA(r, g, b, alpha) }
}

