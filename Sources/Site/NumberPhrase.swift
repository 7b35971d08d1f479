/// Words around a number (`별점 4.5점 (5점 만점)`, `12 entries`) that a page
/// writes and the search's script fills in as it runs: one phrase in the
/// table (`SiteStrings`) serves both, so the page and the script say the
/// same.
struct NumberPhrase: Sendable {
    var before: String
    var after: String
    /// What follows the number 1, where the language says it apart
    /// (`1 entry`); else `after`.
    var afterOne: String

    init(_ before: String, _ after: String, one: String? = nil) {
        self.before = before
        self.after = after
        afterOne = one ?? after
    }

    /// The phrase around `number` as written, `isOne` when it is 1.
    func callAsFunction(_ number: String, isOne: Bool = false) -> String {
        before + number + (isOne ? afterOne : after)
    }

    /// The phrase as a JavaScript expression around `number`, itself an
    /// expression: `"별점 " + e.rating.toFixed(1) + "점 (5점 만점)"`, and
    /// where 1 is said apart, a choice between the two endings.
    func script(_ number: String) -> String {
        var parts = before.isEmpty ? [] : [JSString.literal(before)]
        parts.append(number)
        if afterOne != after {
            parts.append("(\(number) === 1 ? \(JSString.literal(afterOne)) : \(JSString.literal(after)))")
        } else if !after.isEmpty {
            parts.append(JSString.literal(after))
        }
        return parts.joined(separator: " + ")
    }
}
