import Diary
import Site

/// Where each output lives in the cache directory.
///
/// ```
/// tickets/<id>/front.<ext>, back.<ext>, ticket.<ext>
/// days/<YYYY-MM-DD>.<ext>
/// months/<YYYY-MM>.<ext>
/// books/gallery-<NNN>.<ext>, books/list-<NNN>.<ext>,
/// books/timeline-<YYYY>.<ext> (or timeline-<YYYY>-<NNN> when paged)
/// years/<YYYY>.<ext>
/// index.html, site/... (the browsable book: `SitePath`)
/// index.sqlite, render.log, .lock, CACHEDIR.TAG
/// ```
/// Paths are relative to the cache root; ids are encoded by `SafeName`.
public struct CacheLayout: Sendable {
    /// The cache root.
    public var root: String

    public init(root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// The manifest owner of every book page (they all show the whole book).
    public static let bookOwner = "book"

    /// File names in the cache root.
    public static let logName = "render.log"
    public static let lockName = ".lock"
    public static let tagName = "CACHEDIR.TAG"
    /// The output folders; nothing outside them (and the root's own files)
    /// is ever written or removed.
    public static let folders = ["tickets", "days", "months", "books", "years", "site"]

    public var log: String { root + "/" + CacheLayout.logName }
    public var lock: String { root + "/" + CacheLayout.lockName }

    /// The index's file name for `shard`.
    public static func indexName(_ shard: Shard) -> String { "index\(shard.fileSuffix).sqlite" }

    /// True for names `indexName` gives (any shard).
    public static func isIndexName(_ name: String) -> Bool {
        guard name.hasPrefix("index"), name.hasSuffix(".sqlite") else { return false }
        return isShardSuffix(name.dropFirst("index".count).dropLast(".sqlite".count))
    }

    /// manifest.json of the first version, for the index named `name`.
    static func manifestName(forIndex name: String) -> String {
        "manifest" + name.dropFirst("index".count).dropLast(".sqlite".count) + ".json"
    }

    /// The index that replaces manifest.json `name`.
    static func indexName(forManifest name: String) -> String {
        "index" + name.dropFirst("manifest".count).dropLast(".json".count) + ".sqlite"
    }

    /// `""` or `-K-of-N`.
    private static func isShardSuffix(_ middle: Substring) -> Bool {
        if middle.isEmpty { return true }
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0].isEmpty && parts[2] == "of" && Int(parts[1]) != nil && Int(parts[3]) != nil
    }

    /// The first version's manifest file name for `shard`.
    public static func manifestName(_ shard: Shard) -> String { "manifest\(shard.fileSuffix).json" }

    /// True for names `manifestName` gives (any shard).
    public static func isManifestName(_ name: String) -> Bool {
        guard name.hasPrefix("manifest"), name.hasSuffix(".json") else { return false }
        return isShardSuffix(name.dropFirst("manifest".count).dropLast(".json".count))
    }

    /// The output kind of `relative` when it is a path this layout makes
    /// (`tickets/<safe name>/<face>.<ext>`, `days/<date>.<ext>`,
    /// `months/<YYYY-MM>.<ext>`, ..., the site's `index.html` and
    /// `site/...` pages), else nil. Manifest names are checked with this, so
    /// no text in a manifest can name a file outside the layout.
    public static func kind(ofOutput relative: String) -> OutputKind? {
        if relative == "index.html" || relative.hasPrefix("site/") {
            return SitePath(relative: relative, isEntryName: SafeName.isEncoded) != nil ? .site : nil
        }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        func stem(_ file: String) -> String? {
            guard let dot = file.lastIndex(of: "."),
                  ImageFormatName(rawValue: String(file[file.index(after: dot)...])) != nil else { return nil }
            return String(file[..<dot])
        }
        switch (parts.first, parts.count) {
        case ("tickets", 3):
            guard SafeName.isEncoded(parts[1]), let face = stem(parts[2]), TicketFace(rawValue: face) != nil else { return nil }
            return .tickets
        case ("days", 2):
            guard let s = stem(parts[1]), let date = CalendarDate(s), date.description == s else { return nil }
            return .days
        case ("months", 2):
            guard let s = stem(parts[1]), let month = MonthKey(s), month.description == s else { return nil }
            return .months
        case ("books", 2):
            guard let s = stem(parts[1]), isBookStem(s) else { return nil }
            return .books
        case ("years", 2):
            guard let s = stem(parts[1]), let year = Int(s), (1...9999).contains(year), yearText(year) == s else { return nil }
            return .years
        default:
            return nil
        }
    }

    /// The relative path of one output.
    public static func relativePath(of output: OutputKey, format: ImageFormatName) -> String {
        switch output {
        case let .ticket(id, face): "tickets/\(SafeName.encode(id))/\(face.rawValue).\(format.rawValue)"
        case let .day(date): "days/\(date.description).\(format.rawValue)"
        case let .month(year, month): "months/\(MonthKey(year: year, month: month)).\(format.rawValue)"
        case let .bookPage(view, page): "books/\(view.rawValue)-\(pageNumber(page)).\(format.rawValue)"
        case let .timeline(year, page?): "books/timeline-\(yearText(year))-\(pageNumber(page)).\(format.rawValue)"
        case let .timeline(year, nil): "books/timeline-\(yearText(year)).\(format.rawValue)"
        case let .year(year): "years/\(yearText(year)).\(format.rawValue)"
        case let .site(path): path.relative
        }
    }

    public func path(_ relative: String) -> String { root + "/" + relative }

    /// `001`: at least three digits.
    static func pageNumber(_ page: Int) -> String {
        let text = String(page)
        return String(repeating: "0", count: max(0, 3 - text.count)) + text
    }

    /// `2022`, `0001`: four digits.
    static func yearText(_ year: Int) -> String {
        let text = String(year)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// True for a page stem this layout makes: `gallery-001`, `list-012`,
    /// `timeline-2022`, `timeline-2022-002`.
    static func isBookStem(_ stem: String) -> Bool {
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        func page(_ s: String) -> Bool { Int(s).map { $0 >= 1 && pageNumber($0) == s } ?? false }
        func year(_ s: String) -> Bool { Int(s).map { (1...9999).contains($0) && yearText($0) == s } ?? false }
        switch (parts.first, parts.count) {
        case ("gallery", 2), ("list", 2): return page(parts[1])
        case ("timeline", 2): return year(parts[1])
        case ("timeline", 3): return year(parts[1]) && page(parts[2])
        default: return false
        }
    }
}

/// The file extension of an output format (mirrors Codecs' ImageFormat
/// without importing it into the cache's naming).
public enum ImageFormatName: String, Sendable, Hashable, CaseIterable {
    case png, jpg, webp
}

/// One output of a render.
public enum OutputKey: Sendable, Hashable {
    case ticket(id: String, face: TicketFace)
    case day(CalendarDate)
    case month(year: Int, month: Int)
    /// A page of the ticket book in reading order, numbered from 1.
    case bookPage(view: BookPageView, page: Int)
    /// A year's timeline; `page` nil when the year fits one page.
    case timeline(year: Int, page: Int?)
    /// The year-in-review story image.
    case year(Int)
    /// A page of the browsable book (its format is its own: HTML, CSS, JS).
    case site(SitePath)
}

/// The three images made for each entry.
public enum TicketFace: String, Sendable, Hashable, CaseIterable {
    case front, back, ticket
}

