/// The words of the ticket book pages and the year in review, per locale.
extension CardStrings {
    /// The title over gallery and list pages.
    public var bookTitle: String { locale == .ko ? "티켓북" : "Ticket book" }

    /// The line under the book title: the order and the view.
    public func bookSubtitle(_ view: BookView) -> String {
        switch (locale, view) {
        case (.ko, .gallery): "별점순 · 갤러리"
        case (.ko, .list): "별점순 · 목록"
        case (.ko, .timeline): "타임라인"
        case (.en, .gallery): "Best first · Gallery"
        case (.en, .list): "Best first · List"
        case (.en, .timeline): "Timeline"
        }
    }

    /// `티켓 42장` or `42 tickets`.
    public func ticketCount(_ n: Int) -> String {
        locale == .ko ? "티켓 \(n)장" : (n == 1 ? "1 ticket" : "\(n) tickets")
    }

    /// A page footer: `3 / 7`.
    public func pageFooter(_ page: Int, of count: Int) -> String { "\(page) / \(count)" }

    /// A timeline month header: `8월`, `8월 (계속)`, `August`, `August (cont.)`.
    public func monthHeader(_ month: Int, continued: Bool) -> String {
        switch locale {
        case .ko: continued ? "\(month)월 (계속)" : "\(month)월"
        case .en: CardStrings.englishMonthNames[month - 1] + (continued ? " (cont.)" : "")
        }
    }

    /// The label under a bar of the year's month strip: `8` or `A`.
    public func monthInitial(_ month: Int) -> String {
        locale == .ko ? "\(month)" : String(CardStrings.englishMonthNames[month - 1].prefix(1))
    }

    /// The year in review's line under the year.
    public var yearSubtitle: String { locale == .ko ? "나의 티켓북, 한 해의 기록" : "My year in tickets" }
    /// The label over the year's count of tickets.
    public var yearCountLabel: String { locale == .ko ? "올해 남긴 티켓" : "Tickets this year" }
    /// The label beside the average rating.
    public var averageLabel: String { locale == .ko ? "평균 별점" : "Average rating" }
    /// The heading over the best five.
    public var topHeading: String { locale == .ko ? "올해의 베스트" : "Best of the year" }
    /// The heading over the month strip.
    public var monthsHeading: String { locale == .ko ? "월별 기록" : "Month by month" }
    /// The heading over the most frequent companion.
    public var companionHeading: String { locale == .ko ? "가장 많이 함께한 사람" : "Most often together" }

    /// `with 민수 — 7번` or `with 민수 — 7 times`, as the app writes friends.
    public func companion(_ name: String, times: Int) -> String {
        locale == .ko ? "with \(name) — \(times)번" : "with \(name) — \(times) \(times == 1 ? "time" : "times")"
    }

    /// A mean rating to one decimal: `4.3`.
    public func average(_ value: Double) -> String {
        let tenths = Int((max(0, min(5, value)) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A kind with its count for the year's chips: `영화 12`.
    public func kindCount(_ kind: EntryKind, _ n: Int) -> String { "\(self.kind(kind)) \(n)" }

    /// The mark at the bottom of shared images.
    public var brandMark: String { "PhotiCase" }

    private static let englishMonthNames = ["January", "February", "March", "April", "May", "June", "July",
                                            "August", "September", "October", "November", "December"]
}

/// The three ways the app's ticket book shows entries.
public enum BookView: String, Sendable, Hashable, CaseIterable {
    /// Front faces in a grid, best first.
    case gallery
    /// Rows with a photo and details, best first.
    case list
    /// Chronological, under month headers.
    case timeline
}
