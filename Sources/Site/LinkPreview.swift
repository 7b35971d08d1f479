import PhotiCaseRaster

/// What a shared link shows in a chat or a feed: Open Graph and Twitter
/// card tags with absolute URLs, written only when the site's address is
/// known (`render --site-url`); without it the site holds no absolute URL.
struct LinkPreview: Sendable {
    /// `og:type`: `article` for an entry's or a year's page, `website`
    /// for the home page.
    var type = "article"
    var title: String
    var description: String
    /// The page's own absolute URL.
    var url: String
    /// The absolute URL of the picture to show, with its size (when its
    /// declaration gives one) and its description.
    var image: (url: String, size: PixelSize?, alt: String)?

    /// The preview of the page at cache-relative `path`, when `siteURL`
    /// (the cache folder's address) says where the cache is published,
    /// showing `image` (a preview slot's first image) described by `alt`.
    static func make(siteURL: String?, path: SitePath, title: String, description: String,
                     image: PlacedImage?, alt: String) -> LinkPreview? {
        guard var siteURL else { return nil }
        if !siteURL.hasSuffix("/") { siteURL += "/" }
        return LinkPreview(title: title, description: description, url: siteURL + HTML.percentEncoded(path: path.relative),
                           image: image.map { (siteURL + HTML.percentEncoded(path: $0.path), $0.placement.size, alt) })
    }

    /// The tags, the site's name and locale in `strings`' language.
    func write(_ html: inout HTML, strings: SiteStrings) {
        var tags: [(String, String, String)] = [
            ("property", "og:type", type), ("property", "og:site_name", "PhotiCase " + strings.bookName),
            ("property", "og:locale", strings.ogLocale), ("property", "og:title", title),
            ("property", "og:description", description), ("property", "og:url", url),
        ]
        if let image {
            tags.append(("property", "og:image", image.url))
            if let size = image.size {
                tags += [("property", "og:image:width", String(size.width)), ("property", "og:image:height", String(size.height))]
            }
            tags.append(("property", "og:image:alt", image.alt))
        }
        tags += [("name", "twitter:card", image == nil ? "summary" : "summary_large_image"),
                 ("name", "twitter:title", title), ("name", "twitter:description", description)]
        if let image { tags += [("name", "twitter:image", image.url), ("name", "twitter:image:alt", image.alt)] }
        for (attribute, name, content) in tags {
            html.open("meta", [(attribute, name), ("content", content)])
            html.newline()
        }
    }
}
