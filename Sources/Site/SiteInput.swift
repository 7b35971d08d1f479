import PhotiCaseDiary

/// Everything the site shows. The pages are a function of this value
/// alone, never of which files the cache holds, so shards that each write
/// their own pages make the same site as one run.
public struct SiteInput: Sendable {
    /// The entries loaded this run.
    public var entries: [Entry]
    /// The day the calendar opens on (`index.html` shows its month).
    public var today: CalendarDate
    /// The months that have calendar pages, as the cache has month sheets:
    /// every month with entries, today's, and the short gaps between.
    public var months: [MonthKey]
    /// Entries per gallery and list page, as the book's images.
    public var pageSize: Int
    /// Colours and the first day of the week, as the cards draw them.
    public var theme: Theme
    /// The kinds' image sizes. Pages size each image by its declaration
    /// (`SitePlacement.size`); the search index states the face's when no
    /// kind places a card image.
    public var sizes: SiteImageSizes
    public var links: SiteLinks
    /// Where the cache folder is published (`render --site-url`): entry and year pages then carry Open Graph and Twitter card
    /// tags with absolute URLs for link previews. Nil writes no absolute
    /// URL anywhere.
    public var siteURL: String?

    public init(entries: [Entry], today: CalendarDate, months: [MonthKey], pageSize: Int, theme: Theme,
                sizes: SiteImageSizes, links: SiteLinks, siteURL: String? = nil) {
        self.entries = entries
        self.today = today
        self.months = months
        self.pageSize = pageSize
        self.theme = theme
        self.sizes = sizes
        self.links = links
        self.siteURL = siteURL
    }
}

/// Whom a page belongs to: a page is held while its owner is (an entry
/// that cannot be read now holds its page, its day, its month and its
/// year), and removed only when its owner is provably gone.
public enum SiteOwner: Sendable, Hashable {
    case entry(id: String)
    case day(CalendarDate)
    case month(MonthKey)
    case year(Int)
    /// Pages that show the whole book in one order (gallery, list,
    /// timeline, the years' index, the search page).
    case book
    /// The style sheet and the scripts.
    case site
}
