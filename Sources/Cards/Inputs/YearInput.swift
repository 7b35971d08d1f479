import PhotiCaseDiary

/// What the year in review draws: the year's figures (`YearSummary`, less
/// its entries), the best five as faces (`FacePart`), at the ticket scale.
public struct YearInput: Sendable, Hashable, LayoutInput {
    public var year: Int
    public var count: Int
    public var kinds: [(kind: EntryKind, count: Int)]
    public var averageRating: Double?
    /// Entries per month, January first (12 values).
    public var months: [Int]
    /// The friends named most often (all of a tie) and how often.
    public var companions: (names: [String], count: Int)?
    /// The best five's front faces, in reading order.
    public var top: [FacePart]
    /// Pixels per point (the story image is 540 x 960 points).
    public var scale: Int

    /// The year image of `summary`, its best entries' faces as `top`.
    public init(_ summary: YearSummary, top: [FacePart], scale: Int) {
        year = summary.year
        count = summary.count
        kinds = summary.kinds
        averageRating = summary.averageRating
        months = summary.months
        companions = summary.companions
        self.top = top
        self.scale = scale
    }

    public static func == (a: YearInput, b: YearInput) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public func write(to key: inout LayoutKey) {
        key.add("year")
        key.add(year)
        key.add(scale)
        key.add(count)
        key.add(kinds) { key, kind in
            key.add(kind.kind.rawValue)
            key.add(kind.count)
        }
        key.add(averageRating.map { $0.description })
        key.add(months) { $0.add($1) }
        key.add(companions.map { "\($0.count)" })
        key.add(companions?.names ?? []) { $0.add($1) }
        key.add(top) { $0.add($1) }
    }
}

/// What a year's link preview draws (`renderYearPreview`): the year's
/// figures and its best three's faces.
public struct YearPreviewInput: Sendable, Hashable, LayoutInput {
    /// The year's figures; only its best `CardRenderer.yearPreviewFaces`
    /// faces are kept.
    public var figures: YearInput

    public init(_ figures: YearInput) {
        var figures = figures
        figures.top = Array(figures.top.prefix(CardRenderer.yearPreviewFaces))
        self.figures = figures
    }

    public func write(to key: inout LayoutKey) {
        key.add("year preview")
        key.add(figures)
    }
}
