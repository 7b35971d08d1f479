import PhotiCaseRaster

extension PageWriter {
    /// The images declared for download `slot` that are made for
    /// `subject`, as a section of links, each saved as `name` and the label
    /// (`헤어질 결심 스토리.jpg`); nothing when none is made.
    mutating func downloads(_ slot: SitePlacement.Slot, for subject: SitePlacement.Subject, name: String) {
        let made = placed(slot, subject)
        guard !made.isEmpty else { return }
        html.open("section", [("class", "downloads"), ("aria-labelledby", "downloads-title")])
        html.element("h2", [("id", "downloads-title")], strings.downloads)
        html.open("ul", [("class", "download-list")])
        for image in made {
            let offer = image.placement, href = image.href
            let ext = href.split(separator: ".").last.map(String.init) ?? ""
            html.open("li")
            html.open("a", [("class", "download"), ("href", href),
                            ("download", SiteText.downloadName(name, offer.label, ext: ext))])
            // A file of no pixel size (a document) is drawn as a page.
            html.element("span", [("class", "shape"), ("style", Self.shape(offer.size ?? Self.documentPage)),
                                  ("aria-hidden", "true")], "")
            html.element("span", [("class", "download-name")], offer.label)
            html.element("span", [("class", "download-info")],
                         SiteText.formatName(ext) + (offer.size.map { " · " + SiteText.size($0) } ?? ""))
            html.close("a")
            html.close("li")
        }
        html.close("ul")
        html.close("section")
    }

    /// The outline a document is offered with: a page of A5's shape.
    static let documentPage = PixelSize(width: 148, height: 210)

    /// The outline of an image of `size`, its longer side 26 pixels: a
    /// card is wide, a story tall, a feed post nearly square.
    static func shape(_ size: PixelSize) -> String {
        let w = max(1, size.width), h = max(1, size.height)
        let width = w >= h ? 26 : max(8, Int((26 * Double(w) / Double(h)).rounded()))
        return "width:\(width)px;aspect-ratio:\(w)/\(h)"
    }
}
