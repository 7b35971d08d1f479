import PhotiCaseDiary

/// The home page's link preview (`--site-url`), as a shared link to the
/// diary unfurls: the book's name, how many tickets and the latest one,
/// and the latest year's preview image.
struct HomePreview: Sendable {
    /// Where the site is published (`SiteInput.siteURL`).
    var siteURL: String
    var count: Int
    /// The latest entry up to today, and the year whose image shows.
    var latest: Entry?
    var year: Int?

    /// The preview of `diary` (in diary order) as of `today`; nil without
    /// a site address.
    init?(siteURL: String?, diary: [Entry], today: CalendarDate) {
        guard let siteURL else { return nil }
        self.siteURL = siteURL
        count = diary.count
        latest = diary.last { $0.date <= today } ?? diary.last
        year = latest?.date.year
    }

    /// What a page key holds of it.
    var keyParts: [String] {
        [siteURL, String(count), latest.map { "\($0.id)|\($0.title)" } ?? "-", year.map(String.init) ?? "-"]
    }

    func linkPreview(_ w: PageWriter) -> LinkPreview? {
        let strings = w.strings
        var description = strings.count(count)
        if let latest { description += " · " + strings.latestEntry + ": " + strings.title(latest) }
        let image = year.flatMap { w.placed(.yearPreview, .year($0)).first }
        var preview = LinkPreview.make(siteURL: siteURL, path: w.path, title: "PhotiCase " + strings.bookName,
                                       description: description, image: image,
                                       alt: year.map { strings.year($0) + " " + (image?.placement.alt ?? "") } ?? "")
        preview?.type = "website"
        return preview
    }
}
