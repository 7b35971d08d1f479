import PhotiCaseDiary

/// The site's words in the theme's language (`Theme.locale`): every word a
/// page, the search's script or an index writes that is not the user's
/// own (titles, memos, companions, and the kinds' and images' names, which
/// the theme and the kinds declare). Each word is given in both languages
/// at once (`pick`), so none can be added in one alone. Korean is written
/// as the site always wrote it, byte for byte: a Korean site's pages, and
/// their keys, are those it had before the site spoke English.
///
/// The words are grouped as the pages use them: the shell and the entries
/// here, the calendar's in `SiteStrings+Calendar`, the book's and the
/// years' in `SiteStrings+Book`, the search's in `SiteStrings+Search`.
struct SiteStrings: Sendable {
    let locale: CardLocale
    /// Weekday and month names, ticket counts and companions as cards
    /// print them, so the site and the images say the same.
    let cards: CardStrings

    init(_ locale: CardLocale) {
        self.locale = locale
        cards = CardStrings(locale)
    }

    /// The Korean or the English, as the site speaks: the one way a word
    /// gets into the table.
    func pick(_ ko: @autoclosure () -> String, _ en: @autoclosure () -> String) -> String {
        switch locale {
        case .ko: ko()
        case .en: en()
        }
    }

    /// English's singular or plural of `n`: `1 entry`, `3 entries`.
    func englishCount(_ n: Int, _ one: String, _ many: String) -> String { "\(n) " + (n == 1 ? one : many) }

    // MARK: The shell every page shares

    /// The document's language (`<html lang>`), and the collation the
    /// search sorts titles by.
    var lang: String { pick("ko", "en") }
    /// `og:locale` of a link preview.
    var ogLocale: String { pick("ko_KR", "en_US") }
    /// The site's name after each page's title, and beside `PhotiCase`.
    var bookName: String { cards.bookTitle }
    /// Before the latest entry's title in the home page's link preview.
    var latestEntry: String { pick("최근 기록", "Latest") }
    var skipLink: String { pick("본문으로 건너뛰기", "Skip to content") }
    var footer: String {
        pick("PhotiCase 티켓북 · photicase-render가 만든 페이지", "PhotiCase \(bookName) · pages made by photicase-render")
    }
    /// The top navigation, and the sections it names.
    var siteNavigation: String { pick("사이트", "Site") }
    var calendar: String { pick("달력", "Calendar") }
    var gallery: String { pick("갤러리", "Gallery") }
    var list: String { pick("목록", "List") }
    var years: String { pick("연도별", "Years") }
    var search: String { pick("검색", "Search") }
    var breadcrumbs: String { pick("위치", "Breadcrumb") }

    // MARK: Dates and numbers

    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let englishWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `2022년 8월`, `August 2022`.
    func month(_ m: MonthKey) -> String { cards.monthTitle(year: m.year, month: m.month) }

    /// A month in a row of twelve: `8월`, `Aug`.
    func monthShort(_ month: Int) -> String { pick("\(month)월", Self.englishMonths[month - 1]) }

    /// `2022년 8월 27일 (토)`, `Sat, Aug 27, 2022`.
    func longDate(_ d: CalendarDate) -> String { pick("\(d.year)년 \(shortDate(d))", "\(shortDate(d)), \(d.year)") }

    /// `8월 27일 (토)`, `Sat, Aug 27`.
    func shortDate(_ d: CalendarDate) -> String {
        let weekday = cards.weekdayNames[d.weekday]
        return pick("\(d.month)월 \(d.day)일 (\(weekday))", "\(weekday), \(Self.englishMonths[d.month - 1]) \(d.day)")
    }

    /// `27일 (토)`, `Sat 27`.
    func dayOfMonth(_ d: CalendarDate) -> String {
        let weekday = cards.weekdayNames[d.weekday]
        return pick("\(d.day)일 (\(weekday))", "\(weekday) \(d.day)")
    }

    /// A weekday whole, as a calendar's column is read aloud: `토요일`, `Saturday`.
    func weekday(_ weekday: Int) -> String { pick(cards.weekdayNames[weekday] + "요일", Self.englishWeekdays[weekday]) }

    /// A year alone: `2022년`, `2022`.
    func year(_ year: Int) -> String { pick("\(year)년", "\(year)") }

    /// `티켓 12장`, `12 tickets`.
    func count(_ n: Int) -> String { cards.ticketCount(n) }

    /// A count in a table or a figure: `12장`, `12 tickets`.
    func tickets(_ n: Int) -> String { cards.monthTicketCount(n) }

    /// Entries in a list: `12개`, `12 entries`.
    func entries(_ n: Int) -> String { pick("\(n)개", englishCount(n, "entry", "entries")) }

    /// After the first entry of a day, the others: ` 외 2개`, ` and 2 more`.
    func andMore(_ n: Int) -> String { pick(" 외 \(n)개", " and \(n) more") }

    /// After the first names, the others: `외 2명`, `and 2 more`.
    func morePeople(_ n: Int) -> String { pick("외 \(n)명", "and \(n) more") }

    /// The stars' words, read aloud: `별점 4.5점 (5점 만점)`, `Rated 4.5 out of 5`.
    var starsLabel: NumberPhrase { locale == .ko ? NumberPhrase("별점 ", "점 (5점 만점)") : NumberPhrase("Rated ", " out of 5") }

    // MARK: Entries

    var untitled: String { pick("제목 없음", "Untitled") }

    /// The title as shown (`SiteText.title`), or `제목 없음` (`Untitled`).
    func title(_ entry: Entry) -> String {
        let title = SiteText.title(entry)
        return title.isEmpty ? untitled : title
    }

    /// What the `year` field means for `kind`: `개봉`, `방영`, `출간`, `공연`, `연도`.
    func yearLabel(_ kind: EntryKind) -> String {
        switch kind {
        case .movie: pick("개봉", "Released")
        case .drama: pick("방영", "Aired")
        case .book: pick("출간", "Published")
        case .performance, .concert: pick("공연", "Performed")
        case .exhibition: pick("전시", "Exhibited")
        default: pick("연도", "Year")
        }
    }

    /// The kind badge's link: `영화 기록 모두 보기`, `All Movie entries`.
    func allOfKind(_ label: String) -> String { pick("\(label) 기록 모두 보기", "All \(label) entries") }
    /// After a face's alt, in its link to the whole image.
    var fullSize: String { pick(" 크게 보기", " (full size)") }
    /// The companions, as a label.
    var together: String { pick("함께한 사람", "With") }
    var memo: String { pick("메모", "Memo") }
    var downloads: String { pick("이미지 내려받기", "Download images") }
    var entryPager: String { pick("앞뒤 기록", "Previous and next entry") }
    var previousEntry: String { pick("이전 기록", "Previous entry") }
    var nextEntry: String { pick("다음 기록", "Next entry") }
    /// A dot of a pager: `2번째 기록: 헤어질 결심`, `Entry 2: Decision to Leave`.
    func nth(_ n: Int, title: String) -> String { pick("\(n)번째 기록: \(title)", "Entry \(n): \(title)") }
    /// A pager's track: `이날의 기록 3개`, `Entries of the day, 3 entries`.
    func track(_ label: String, count: Int) -> String { pick("\(label) \(count)개", "\(label), \(entries(count))") }
}
