import Testing
@testable import PhotiCaseDiary

/// A document and the exact message reading it must give.
struct MessageCase: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var testDescription: String { message }
}

/// A valid entry.json body with the given extra members, for tests that
/// change one field.
func entryJSON(_ extra: String = "", title: String = "\"헤어질 결심\"", date: String = "\"2022-08-27\"",
               rating: String = "4.5") -> String {
    var members = ["\"title\": \(title)", "\"date\": \(date)", "\"rating\": \(rating)"]
    if !extra.isEmpty { members.append(extra) }
    return "{\n  " + members.joined(separator: ",\n  ") + "\n}\n"
}

/// Parses `text` as the entry.json of folder `folder` (default: one that
/// does not exist, which is fine for entries without photos).
func parseEntry(_ text: String, folder: String = "/nonexistent/2022-08-27-decision") throws(EntryError) -> Entry {
    try EntryLoader().parse(json: Array(text.utf8), folder: folder, defaultID: "2022-08-27-decision",
                            displayPath: "2022-08-27-decision/entry.json")
}
