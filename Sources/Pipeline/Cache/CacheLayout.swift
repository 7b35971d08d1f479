import Entries

/// Where each output lives in the cache directory.
///
/// ```
/// tickets/<id>/front.<ext>, back.<ext>, ticket.<ext>
/// days/<YYYY-MM-DD>.<ext>
/// months/<YYYY-MM>.<ext>
/// manifest.json, render.log, .lock
/// ```
/// Paths are relative to the cache root; ids are encoded by `SafeName`.
public struct CacheLayout: Sendable {
    /// The cache root.
    public var root: String

    public init(root: String) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    public var manifest: String { root + "/manifest.json" }
    public var log: String { root + "/render.log" }
    public var lock: String { root + "/.lock" }

    /// The relative path of one output.
    public static func relativePath(of output: OutputKey, format: ImageFormatName) -> String {
        switch output {
        case let .ticket(id, face): "tickets/\(SafeName.encode(id))/\(face.rawValue).\(format.rawValue)"
        case let .day(date): "days/\(date.description).\(format.rawValue)"
        case let .month(year, month): "months/\(MonthKey(year: year, month: month)).\(format.rawValue)"
        }
    }

    public func path(_ relative: String) -> String { root + "/" + relative }
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
}

/// The three images made for each entry.
public enum TicketFace: String, Sendable, Hashable, CaseIterable {
    case front, back, ticket
}

/// `YYYY-MM`.
public struct MonthKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public init(year: Int, month: Int) { self.year = year; self.month = month }
    public init(_ date: CalendarDate) { self.init(year: date.year, month: date.month) }
    public var description: String {
        let m = month < 10 ? "0\(month)" : "\(month)"
        return "\(year)-\(m)"
    }
    public static func < (a: MonthKey, b: MonthKey) -> Bool { (a.year, a.month) < (b.year, b.month) }
}
