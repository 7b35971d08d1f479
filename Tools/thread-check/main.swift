// thread-check: the library's threads under load, for ThreadSanitizer
// (scripts/sanitize.sh thread builds this with --sanitize=thread). 48
// renders of the book's entries from 8 tasks at once on a pool of 2, a
// third of them cancelled or given a deadline mid-way; every image that is
// made must equal the one made alone. With BIG_ENTRY (a photo that takes
// a while to draw), also how soon a stop is heard, on a pool of 1: a
// cancelled render is answered at once, and the render after it is not
// late by more than half a render (the stopped one let its thread go
// within a band, instead of drawing on).
//
//   thread-check BOOK_FOLDER [BIG_ENTRY]
import Foundation
import PhotiCase

let arguments = CommandLine.arguments
guard arguments.count == 2 || arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: thread-check BOOK_FOLDER [BIG_ENTRY]\n".utf8))
    exit(2)
}
let book = URL(fileURLWithPath: arguments[1])
let folders = try FileManager.default.contentsOfDirectory(atPath: book.path).sorted()
    .map { book.appendingPathComponent($0).path }
    .filter { FileManager.default.fileExists(atPath: $0 + "/entry.json") }
    .prefix(4)

do throws(PhotiCaseError) {
    let renderer = try ShareRenderer(workers: 2)
    let requests = [try ShareRequest(layout: .story, format: .jpeg), try ShareRequest(layout: .card, format: .png, scale: 1)]
    var alone: [String: [UInt8]] = [:]
    for folder in folders {
        for request in requests {
            alone[folder + "\(request)"] = try await renderer.render(.folder(folder), request).bytes
        }
    }
    let expected = alone
    let outcomes = await withTaskGroup(of: (made: Int, stopped: Int, wrong: Int).self) { group in
        for task in 0..<8 {
            group.addTask {
                var made = 0, stopped = 0, wrong = 0
                for round in 0..<6 {
                    let folder = folders[(task + round) % folders.count]
                    let request = requests[(task + round) % requests.count]
                    let n = task * 6 + round
                    let deadline: ContinuousClock.Instant? = n % 3 == 1 ? .now + .milliseconds(5 + n % 20) : nil
                    let job = Task { try await renderer.render(.folder(folder), request, deadline: deadline) }
                    if n % 3 == 2 {
                        try? await Task.sleep(for: .milliseconds(n % 15))
                        job.cancel()
                    }
                    switch await job.result {
                    case .success(let image):
                        made += 1
                        if image.bytes != expected[folder + "\(request)"] { wrong += 1 }
                    case .failure(let error as PhotiCaseError) where error == .cancelled || error == .deadlineExceeded:
                        stopped += 1
                    case .failure(let error):
                        FileHandle.standardError.write(Data("thread-check: \(error)\n".utf8))
                        wrong += 1
                    }
                }
                return (made, stopped, wrong)
            }
        }
        var total = (made: 0, stopped: 0, wrong: 0)
        for await part in group {
            total.made += part.made
            total.stopped += part.stopped
            total.wrong += part.wrong
        }
        return total
    }
    print("thread-check: \(outcomes.made) made, \(outcomes.stopped) stopped, \(outcomes.wrong) wrong, on \(renderer.workers) workers")
    if outcomes.wrong > 0 || outcomes.made == 0 { exit(1) }
    if arguments.count == 3 { try await timeStops(arguments[2]) }
} catch {
    FileHandle.standardError.write(Data("thread-check: \(error)\n".utf8))
    exit(1)
}

/// How soon a cancellation and a deadline are heard, on a pool of one.
func timeStops(_ big: String) async throws(PhotiCaseError) {
    let renderer = try ShareRenderer(workers: 1)
    let request = try ShareRequest(layout: .card, format: .png, scale: 1)
    let clock = ContinuousClock()
    var whole = Duration.zero
    for _ in 0..<2 {
        let start = clock.now
        _ = try await renderer.render(.folder(big), request)
        whole = clock.now - start
    }
    // Cancelled a third of the way in, then the next render at once.
    let job = Task { try await renderer.render(.folder(big), request) }
    try? await Task.sleep(for: whole / 3)
    let cancelled = clock.now
    job.cancel()
    let result = await job.result
    let answered = clock.now - cancelled
    let next = clock.now
    _ = try await renderer.render(.folder(big), request)
    let nextTook = clock.now - next
    // A deadline a third of the way in.
    let deadline = ContinuousClock.now + whole / 3
    var late = Duration.zero
    do throws(PhotiCaseError) {
        _ = try await renderer.render(.folder(big), request, deadline: deadline)
    } catch {
        late = clock.now - deadline
        guard error == .deadlineExceeded else { throw error }
    }
    print("thread-check: a render \(whole); cancelled, answered in \(answered); the next render \(nextTook); "
          + "a deadline answered \(late) after it")
    var failed = false
    if case .success = result { print("thread-check: the cancelled render was not stopped"); failed = true }
    if answered > .milliseconds(100) { print("thread-check: a cancellation was answered after \(answered)"); failed = true }
    if late > .milliseconds(100) { print("thread-check: a deadline was answered \(late) after it"); failed = true }
    if nextTook > whole * 3 / 2 { print("thread-check: the stopped render held its thread: the next took \(nextTook)"); failed = true }
    if failed { exit(1) }
}
