// docs/library.md, program 2: a bad request and a malformed entry.json,
// each caught as the typed error it is. Exits 0.
import PhotiCase

// A scale the renderer does not draw: refused when the request is made.
do throws(PhotiCaseError) {
    _ = try ShareRequest(layout: .story, format: .jpeg, scale: 5)
    print("unexpected: a request with scale 5 was made")
} catch {
    if case .invalidRequest(let field, let reason) = error {
        print("invalid request: field \(field): \(reason)")
    }
}

do throws(PhotiCaseError) {
    let renderer = try ShareRenderer(workers: 1)
    // A rating of 7: ratings go from 0 to 5 in half steps.
    let json = #"{"title": "헤어질 결심", "date": "2022-08-03", "rating": 7}"#
    _ = try await renderer.render(.bytes(json: Array(json.utf8), name: "2022/08/decision"), try ShareRequest())
    print("unexpected: the malformed entry rendered")
} catch {
    switch error {
    case .invalidEntry(let file, let field, let reason):
        print("invalid entry: \(file), field \(field ?? "(the file)"): \(reason)")
    case .fontsMissing(let reason):
        print("cannot render here: \(reason)")
    default:
        print("other error: \(error)")
    }
}
