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

    /// A month's count on the timeline: `11장` or `11 tickets`.
    public func monthTicketCount(_ n: Int) -> String {
        locale == .ko ? "\(n)장" : (n == 1 ? "1 ticket" : "\(n) tickets")
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
    /// The heading over the friends who came along most often, with how
    /// often: `가장 많이 함께한 사람 · 7번`, and for a tie
    /// `가장 많이 함께한 사람들 · 각 3번` (`Most often together · 3 times each`).
    public func companionHeading(times: Int, tie: Bool) -> String {
        switch locale {
        case .ko: tie ? "가장 많이 함께한 사람들 · 각 \(times)번" : "가장 많이 함께한 사람 · \(times)번"
        case .en: "Most often together · \(times) \(times == 1 ? "time" : "times")\(tie ? " each" : "")"
        }
    }

    /// The first `shown` of `names` and how many more: `민수, 서연, 준호 외 2명`,
    /// `Minsu, Seoyeon and 2 more`. Each name is isolated (FSI…PDI), so a
    /// right-to-left name does not reorder the list around it.
    public func companionNames(_ names: [String], shown: Int) -> String {
        let kept = names.prefix(max(1, shown)).map { "\u{2068}\($0)\u{2069}" }
        let more = names.count - kept.count
        guard more > 0 else { return kept.joined(separator: ", ") }
        return locale == .ko ? kept.joined(separator: ", ") + " 외 \(more)명"
            : kept.joined(separator: ", ") + " and \(more) more"
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
