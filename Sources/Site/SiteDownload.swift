import Diary
import Raster

/// An image a kind of output offers on the site's pages, declared by the
/// kind (the pipeline's `KindDeclaration.siteLinks`): on which pages, under
/// which label, at which size, and where the cache holds it for the page's
/// subject. The site writes no such link of its own: a page offers exactly
/// the declarations for its kind of page whose image exists, in the order
/// declared, each with its format and size, saved under the subject's name.
public struct SiteDownload: Sendable {
    /// The pages that offer the image.
    public enum Page: String, Sendable, Hashable, CaseIterable {
        case entry, day, year
    }

    /// What a page is about, as a declaration's `path` is asked for it.
    public enum Subject: Sendable, Hashable {
        case entry(id: String)
        case day(CalendarDate)
        case year(Int)
    }

    public var page: Page
    /// The link's text (`스토리`), also the last word of the saved file's name.
    public var label: String
    /// The image's pixels, shown beside its format and drawn as a small
    /// outline of its shape.
    public var size: PixelSize
    /// The cache-relative path of the image for `subject`, nil when this
    /// run does not make it (the link is then left out).
    public var path: @Sendable (Subject) -> String?

    public init(page: Page, label: String, size: PixelSize, path: @escaping @Sendable (Subject) -> String?) {
        self.page = page
        self.label = label
        self.size = size
        self.path = path
    }

    /// What decides the links a page makes of this declaration, for page
    /// keys: the pages, label and size (the paths follow the kinds made and
    /// their formats, which the keys name apart).
    public var keyText: String { "\(page.rawValue) \(label) \(size.width)x\(size.height)" }
}

extension PageWriter {
    /// The declared downloads of `page` for `subject`, as a section of
    /// links, each saved as `name` and the label (`헤어질 결심 스토리.jpg`);
    /// nothing when none of the images is made.
    mutating func downloads(_ page: SiteDownload.Page, for subject: SiteDownload.Subject, name: String) {
        let made = links.downloads.filter { $0.page == page }.compactMap { offer in
            offer.path(subject).map { (offer, HTML.href(from: path.relative, to: $0)) }
        }
        guard !made.isEmpty else { return }
        html.open("section", [("class", "downloads"), ("aria-labelledby", "downloads-title")])
        html.element("h2", [("id", "downloads-title")], "이미지 내려받기")
        html.open("ul", [("class", "download-list")])
        for (offer, href) in made {
            let ext = href.split(separator: ".").last.map(String.init) ?? ""
            html.open("li")
            html.open("a", [("class", "download"), ("href", href),
                            ("download", SiteText.downloadName(name, offer.label, ext: ext))])
            html.element("span", [("class", "shape"), ("style", Self.shape(offer.size)), ("aria-hidden", "true")], "")
            html.element("span", [("class", "download-name")], offer.label)
            html.element("span", [("class", "download-info")], "\(SiteText.formatName(ext)) · \(SiteText.size(offer.size))")
            html.close("a")
            html.close("li")
        }
        html.close("ul")
        html.close("section")
    }

    /// The outline of an image of `size`, its longer side 26 pixels: a
    /// card is wide, a story tall, a feed post nearly square.
    static func shape(_ size: PixelSize) -> String {
        let w = max(1, size.width), h = max(1, size.height)
        let width = w >= h ? 26 : max(8, Int((26 * Double(w) / Double(h)).rounded()))
        return "width:\(width)px;aspect-ratio:\(w)/\(h)"
    }
}
