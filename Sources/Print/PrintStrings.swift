import PhotiCaseCards
import PhotiCaseDiary

/// The print book's own words, in the theme's locale (the cards' words,
/// dates and credits come from `CardStrings`).
struct PrintStrings {
    let locale: CardLocale

    private func pick(_ korean: String, _ english: String) -> String { locale == .ko ? korean : english }

    var book: String { pick("티켓북", "Ticket book") }
    func title(year: Int) -> String { pick("\(year) 티켓북", "Ticket book \(year)") }
    func count(_ n: Int) -> String { pick("\(n)편의 기록", n == 1 ? "1 entry" : "\(n) entries") }
    func review(year: Int) -> String { pick("\(year)년 돌아보기", "\(year) in review") }
    var average: String { pick("평균 별점", "Average rating") }
    var kinds: String { pick("종류", "Kinds") }
    var byMonth: String { pick("달마다", "By month") }
    var companions: String { pick("가장 자주 함께한 사람", "Most often with") }
    func times(_ n: Int) -> String { pick("\(n)번", n == 1 ? "once" : "\(n) times") }
    var contents: String { pick("차례", "Contents") }
    var continued: String { pick("(계속)", "(continued)") }
    func monthName(_ month: Int) -> String {
        locale == .ko ? "\(month)월"
            : ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December"][month - 1]
    }
}
