import PhotiCaseDiary

/// The calendar's words: the month pages (and the home page), the days,
/// the entries of this day in earlier years and the diary beside an empty
/// month.
extension SiteStrings {
    // MARK: A month

    /// The month's lede: `이달의 기록 3개`, `3 entries this month`.
    func monthEntries(_ n: Int) -> String { pick("이달의 기록 \(n)개", "\(entries(n)) this month") }
    /// The lede of a past month without entries.
    var noEntriesThisMonth: String { pick("이달에는 기록이 없어요.", "No entries this month.") }
    /// The lede of today's month (or a later one) without entries.
    var noEntriesThisMonthYet: String { pick("이달에는 아직 기록이 없어요.", "No entries this month yet.") }
    /// The link to the latest month with entries.
    func latestMonth(_ name: String) -> String { pick("마지막으로 기록한 달: \(name)", "Latest month with entries: \(name)") }
    /// A link to an image of the month: `2022년 8월 달력 이미지 보기`.
    func monthImage(_ name: String, _ label: String) -> String { pick("\(name) \(label)", "\(label) (\(name))") }
    /// The month's entries as a pager.
    var monthEntriesLabel: String { pick("이달의 기록", "Entries this month") }
    var monthPager: String { pick("앞뒤 달", "Previous and next month") }
    var daysHeading: String { pick("날짜별 기록", "Entries by day") }

    // MARK: A day

    /// The day's lede: `이날의 기록 3개`, `3 entries on this day`.
    func dayEntries(_ n: Int) -> String { pick("이날의 기록 \(n)개", "\(entries(n)) on this day") }
    var dayEntriesLabel: String { pick("이날의 기록", "Entries of the day") }
    var dayPager: String { pick("앞뒤 날짜", "Previous and next day") }

    /// The pager's link to the day before or after with entries: read
    /// aloud whole, `lead` shown only where there is room.
    func dayLink(_ date: CalendarDate, next: Bool) -> (lead: String, text: String) {
        switch locale {
        case .ko: ("\(next ? "다음" : "이전") 기록한 날: \(date.year)년 ", shortDate(date))
        case .en: ("\(next ? "Next" : "Previous") day with entries: ", longDate(date))
        }
    }

    // MARK: On this day, and the diary beside an empty month

    var onThisDay: String { pick("과거의 오늘", "On this day") }
    /// `1년 전`, `3 years ago`.
    func yearsAgo(_ n: Int) -> String { pick("\(n)년 전", n == 1 ? "1 year ago" : "\(n) years ago") }
    /// `1년 전 · 3년 전 오늘의 기록`, `1 year ago · 3 years ago today`.
    func onThisDayLede(_ agos: [String]) -> String {
        agos.joined(separator: " · ") + pick(" 오늘의 기록", " today")
    }

    var latestEntries: String { pick("최근 기록", "Latest entries") }
    var searchAll: String { pick("모든 기록 찾아보기", "Search all entries") }
    /// Over a year's numbers: `올해의 기록 (2023년)`, `2022년의 기록`.
    func yearNumbers(_ year: Int, thisYear: Bool) -> String {
        thisYear ? pick("올해의 기록 (\(year)년)", "This year (\(year))") : pick("\(year)년의 기록", "The year \(year)")
    }
    var ticketsKept: String { pick("남긴 티켓", "Tickets") }
    var mostSeenKind: String { pick("가장 많이 본 종류", "Most seen kind") }
    /// The companions of a year, one or a tie.
    func mostTogether(tie: Bool) -> String {
        pick(tie ? "가장 많이 함께한 사람들" : "가장 많이 함께한 사람", "Most often together")
    }
    /// After their names, how often: ` (각 3번)`, ` (3 times each)`.
    func timesTogether(_ n: Int, tie: Bool) -> String {
        pick(" (\(tie ? "각 " : "")\(n)번)", " (\(n == 1 ? "once" : "\(n) times")\(tie ? " each" : ""))")
    }

    // MARK: Holidays

    /// A holiday's name (`KoreanHolidays`, named in Korean) as the site
    /// says it.
    func holiday(_ name: String) -> String {
        pick(name, Self.englishHolidays[name] ?? name)
    }

    /// Every name `KoreanHolidays` gives, in English (`SiteStringsTests`
    /// checks each has one).
    static let englishHolidays = [
        "신정": "New Year's Day", "설날": "Seollal", "삼일절": "Independence Movement Day", "식목일": "Arbor Day",
        "어린이날": "Children's Day", "부처님오신날": "Buddha's Birthday", "현충일": "Memorial Day",
        "제헌절": "Constitution Day", "광복절": "Liberation Day", "추석": "Chuseok", "개천절": "National Foundation Day",
        "한글날": "Hangul Day", "성탄절": "Christmas Day", "대체공휴일": "Substitute holiday",
    ]
}
