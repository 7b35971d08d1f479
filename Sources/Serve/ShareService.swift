import PhotiCaseCodecs
import PhotiCaseConcurrency
import PhotiCaseDiary
import PhotiCaseFileSystem
import Foundation
import PhotiCaseHashing
import PhotiCase
import PhotiCasePipeline

/// `serve`'s options.
public struct ServeOptions: Sendable {
    public var diary: String
    public var cache: String
    public var host = "127.0.0.1"
    public var port: UInt16 = 8080
    /// Renders at once.
    public var jobs = 2
    /// Requests that may wait for a render slot; beyond them, 429.
    public var queue = 16
    /// Seconds a request may take before it is answered 503.
    public var requestTimeout = 30.0
    /// `--key-file`'s text and path, when requests must be signed.
    public var keyFile: (text: String, path: String)?

    public init(diary: String, cache: String) {
        self.diary = diary
        self.cache = cache
    }
}

/// The service behind `serve`: answers each request from the cache when
/// its image is current, renders it otherwise (once, however many ask at
/// the same time), within `--jobs`, `--queue` and the request timeout.
///
/// Each request reads its entry as it stands at that moment, through the
/// diary's handle (`EntryReader`), and its ETag is the key of what it read:
/// the renderer's version, the request, entry.json's bytes and the photos'
/// SHA-256, nothing of paths, inodes or times, so replicas agree on it.
public final class ShareService: Sendable {
    let options: ServeOptions
    let renderer: ShareRenderer
    let signature: RequestSignature?
    let metrics = ServeMetrics()
    private let diary: DiaryIndex
    private let reader: EntryReader
    private let copies: ServedCopies

    private struct State {
        /// Requests admitted (rendering or waiting for the renderer),
        /// renders running, copies being written after their answer.
        var admitted = 0, running = 0, writing = 0
        /// Renders by key.
        var inFlight: [String: Pending] = [:]
    }
    private let state = Locked(State())

    /// Why a render gave no image.
    enum RenderFailure: Error {
        /// The entry or a photo cannot be drawn (422), the sentence naming
        /// the file.
        case unrenderable(String)
        /// No render slot came free before every waiter's deadline (503).
        case noSlot
    }

    /// One render that requests wait for, each until its own deadline.
    /// Its result is set once, before `done` is signalled. When the last
    /// request waiting for it gives up (its deadline passed, its client
    /// gone), `stop` is raised: the render stops within a band of its
    /// work, or is never begun, and nothing is drawn for no one.
    final class Pending: Sendable {
        let done = DispatchSemaphore(value: 0)
        let stop = StopSignal()
        private let outcome = Locked<Result<[UInt8], RenderFailure>?>(nil)
        /// Requests waiting for it.
        private let waiting = Locked(0)
        /// Whether a worker has begun drawing it.
        let began = Locked(false)
        var result: Result<[UInt8], RenderFailure>? { outcome.withLock { $0 } }

        /// Sets the result; false when one was set before.
        func finish(_ result: Result<[UInt8], RenderFailure>) -> Bool {
            outcome.withLock { outcome in
                guard outcome == nil else { return false }
                outcome = result
                return true
            }
        }

        func join() { waiting.withLock { $0 += 1 } }

        /// A request gives up waiting, for `reason`: the last one stops
        /// the render, unless it has already ended. True when it was the
        /// last.
        func leave(_ reason: StopSignal.Reason) -> Bool {
            let last = waiting.withLock { n -> Bool in
                n -= 1
                return n == 0
            }
            if last && result == nil { stop.raise(reason) }
            return last
        }
    }

    public init(_ options: ServeOptions, renderer: ShareRenderer) throws {
        self.options = options
        self.renderer = renderer
        signature = try options.keyFile.map { try RequestSignature(keyFile: $0.text, path: $0.path) }
        do throws(PipelineError) {
            _ = try CacheStore(path: options.cache, create: true)
        } catch {
            throw ServeError(description: "\(error)")
        }
        do throws(FileSystemError) {
            copies = ServedCopies(cache: try Directory.open(options.cache))
        } catch {
            throw ServeError(description: "cannot open the cache: \(error)")
        }
        // What a serve killed while writing a copy left behind.
        copies.sweepTemporaryFiles()
        diary = try DiaryIndex(root: options.diary, cache: options.cache, kinds: renderer.theme.kindKeys)
        reader = EntryReader(diary: diary, loader: EntryLoader(kinds: renderer.theme.kindKeys), digests: PhotoDigests())
    }

    /// How often a request waiting for its render looks at its client.
    static let clientCheckSeconds = 0.05

    /// Requests admitted and not yet answered, renders running.
    var depth: (waiting: Int, running: Int) { state.withLock { ($0.admitted - $0.running, $0.running) } }
    /// Rendered images being written to the cache after their answer.
    var writes: Int { state.withLock { $0.writing } }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let start = monotonicSeconds()
        let response = answer(request)
        metrics.answered(response.status, seconds: monotonicSeconds() - start)
        return response
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .said(405, "only GET and HEAD are answered", headers: [("Allow", "GET, HEAD")])
        }
        let route: RequestPath
        switch RequestPath.parse(request.path) {
        case .success(let r): route = r
        case .failure(.badRequest(let why)): return .said(400, why)
        case .failure(.notFound): return .said(404, "nothing is served at \(request.path)")
        }
        switch route {
        case .health:
            return access(options.cache, W_OK) == 0 ? .said(200, "ok")
                : .unavailable("the cache \(options.cache) cannot be written", retryAfter: 5)
        case .metrics:
            let (waiting, running) = depth
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")],
                                body: Array(metrics.text(queueDepth: waiting, inFlight: running).utf8))
        case let .share(id, shareRequest, fileName):
            if let signature, !signature.accepts(path: request.path, signature: request.arguments["sig"]) {
                return .said(403, "the request is not signed with a key of this server (?sig=HMAC-SHA256 of the path)")
            }
            return share(id: id, shareRequest, fileName: fileName, ifNoneMatch: request.ifNoneMatch,
                         clientGone: request.clientGone)
        }
    }

    /// What the diary holds for `id` now: the one entry whose entry.json
    /// gives that id, or the answer saying why there is none.
    private func current(_ id: String) -> Result<ReadEntry, HTTPResponse> {
        let wanted = Entry.spelling(ofID: id)
        var listedAgain = false
        while true {
            let looked = monotonicSeconds()
            var found: [ReadEntry] = []
            var broken: [String] = []
            var stale = false
            for place in diary.places(of: wanted) {
                switch reader.read(place) {
                case .read(let read) where read.entry.id == wanted: found.append(read)
                case .read, .gone: stale = true
                case .broken(let why): broken.append(why)
                }
            }
            if found.count > 1 {
                let folders = found.map(\.place.display).sorted().joined(separator: ", ")
                return .failure(.said(409, "id \"\(id)\" is used by more than one entry: \(folders)"))
            }
            if let only = found.first { return .success(only) }
            if stale && !listedAgain {
                // An id edited, traded or moved since the listing: list the
                // diary as it is now and look once more.
                diary.refresh(after: looked)
                listedAgain = true
                continue
            }
            if let why = broken.first { return .failure(.said(422, "\(id): \(why)")) }
            return .failure(.said(404, "no entry '\(id)' in \(options.diary)"))
        }
    }

    private func share(id: String, _ request: ShareRequest, fileName: String, ifNoneMatch: String?,
                       clientGone: @escaping @Sendable () -> Bool = { false }) -> HTTPResponse {
        var read: ReadEntry
        switch current(id) {
        case .success(let r): read = r
        case .failure(let answer): return answer
        }
        let key = ShareRenderer.key(json: read.json, photos: Self.faceDigests(read), request)
        let etag = "\"\(key.prefix(32))\""
        let path = ServedCopies.path(id: read.entry.id, fileName: fileName)
        let headers = [("Content-Type", request.format.mediaType), ("ETag", etag), ("Cache-Control", "no-cache")]
        if EntityTag.noneMatch(ifNoneMatch, current: etag) {
            // RFC 9110 §8.6: a 304 may give the 200's length, never another.
            let length = copies.length(path, key: key).map { [("Content-Length", "\($0)")] } ?? []
            return HTTPResponse(status: 304, headers: headers + length)
        }
        if let bytes = copies.read(path, key: key) {
            metrics.hit()
            return HTTPResponse(status: 200, headers: headers, body: bytes)
        }
        var photos: [String: [UInt8]] = [:]
        for i in read.photos.indices {
            do throws(FileSystemError) {
                photos[read.photos[i].path] = try read.photos[i].read(limit: reader.photoLimit)
            } catch {
                return .said(422, "\(id): \(error)")
            }
        }
        switch render(read.entry, key: key, request, photos: photos, path: path, clientGone: clientGone) {
        case .success(let bytes): return HTTPResponse(status: 200, headers: headers, body: bytes)
        case .failure(let refusal): return refusal
        }
    }

    /// The front's and the back's digests, nil where the face has none.
    private static func faceDigests(_ read: ReadEntry) -> [Digest?] {
        [read.entry.front?.path, read.entry.back?.path].map { path in
            path.flatMap { p in read.photos.first { $0.path == p }?.digest }
        }
    }

    /// Renders (or joins the render of) `key`, within the limits.
    private func render(_ entry: Entry, key: String, _ request: ShareRequest, photos: [String: [UInt8]],
                        path: String, clientGone: @escaping @Sendable () -> Bool) -> Result<[UInt8], HTTPResponse> {
        let deadline = DispatchTime.now() + options.requestTimeout
        enum Admission { case joined(Pending), busy, started(Pending) }
        let admission = state.withLock { state -> Admission in
            // Joined: the render goes on until the last of those waiting
            // for it gives up (`Pending.leave`).
            if let pending = state.inFlight[key], !pending.stop.isRaised {
                pending.join()
                return .joined(pending)
            }
            guard state.admitted < renderer.workers + options.queue else { return .busy }
            state.admitted += 1
            let pending = Pending()
            pending.join()
            state.inFlight[key] = pending
            return .started(pending)
        }
        let pending: Pending
        switch admission {
        case .busy:
            return .failure(.said(429, "busy: \(renderer.workers) renders running and \(options.queue) waiting",
                                  headers: [("Retry-After", "1")]))
        case .joined(let p):
            metrics.joined()
            pending = p
        case .started(let p):
            pending = p
            // Queued on the library's renderer (its workers are `--jobs`),
            // so a request whose deadline passes is answered 503 while a
            // render others still wait for goes on into the cache.
            start(pending, entry: entry, key: key, request, photos: photos, path: path)
        }
        return wait(pending, key: key, deadline: deadline, id: entry.id, clientGone: clientGone)
    }

    /// Queues the render of `pending`: the drawing, the answer to those
    /// waiting, then the copy for the next request. A render that no one
    /// waits for any more by the time a worker is free is not drawn.
    private func start(_ pending: Pending, entry: Entry, key: String, _ request: ShareRequest,
                       photos: [String: [UInt8]], path: String) {
        renderer.submit(entry, key: key, request, photos: photos, stop: pending.stop, started: { [self] in
            pending.began.withLock { $0 = true }
            state.withLock { $0.running += 1 }
        }, done: { [self] rendered in
            let drawn = pending.began.withLock { $0 }
            if drawn { state.withLock { $0.running -= 1 } }
            finish(pending, key: key, path: path, rendered, drawn: drawn)
        })
    }

    /// Answers those waiting on `pending` with what its render gave, then
    /// keeps a copy for the next request.
    private func finish(_ pending: Pending, key: String, path: String, _ rendered: Result<SharedImage, PhotiCaseError>,
                        drawn: Bool) {
        let result = rendered.mapError { error -> RenderFailure in
            switch error {
            // No one waits for it any more: stopped part-way, or never begun.
            case .cancelled, .deadlineExceeded:
                if drawn { metrics.stopped() }
                return .noSlot
            default: return .unrenderable("\(error)")
            }
        }
        if case .success = result { metrics.rendered() }
        // Those waiting are answered first; the copy for the next request
        // is written after (a stop waits for it: `writes`). Not kept when
        // drawn with a placeholder for a cause that may pass.
        guard case .success(let image) = result, !image.provisional else {
            return answer(pending, key: key, result.map(\.bytes))
        }
        state.withLock { $0.writing += 1 }
        // Its length first: a conditional request answered before the copy
        // is written still gets it (a 304's Content-Length).
        copies.rendered(path, key: key, count: image.bytes.count)
        answer(pending, key: key, .success(image.bytes))
        copies.write(path, key: key, bytes: image.bytes)
        state.withLock { $0.writing -= 1 }
    }

    /// Gives the requests waiting on `pending` its result; the render no
    /// longer counts against the queue.
    /// Given once: a render given up before it began is answered when its
    /// last request leaves, and again, to no effect, when a worker drops it.
    private func answer(_ pending: Pending, key: String, _ result: Result<[UInt8], RenderFailure>) {
        guard pending.finish(result) else { return }
        state.withLock { state in
            state.admitted -= 1
            if state.inFlight[key] === pending { state.inFlight[key] = nil }
        }
        pending.done.signal()
    }

    /// A request gives up on `pending`. When it was the last and no worker
    /// has begun the render, the render leaves the queue's count now: a
    /// request arriving later is not refused for a render no one wants.
    private func withdraw(_ pending: Pending, key: String, _ reason: StopSignal.Reason) {
        if pending.leave(reason), !pending.began.withLock({ $0 }) {
            answer(pending, key: key, .failure(.noSlot))
        }
    }

    private func wait(_ pending: Pending, key: String, deadline: DispatchTime, id: String,
                      clientGone: @Sendable () -> Bool) -> Result<[UInt8], HTTPResponse> {
        let late = HTTPResponse.unavailable("\(id): not rendered within the request timeout (\(options.requestTimeout) s); try again")
        // In slices, to see a client that has gone: its answer would go
        // nowhere, and if it was the last one waiting the render stops.
        while pending.done.wait(timeout: min(deadline, .now() + Self.clientCheckSeconds)) != .success {
            if clientGone() {
                withdraw(pending, key: key, .cancelled)
                return .failure(.unavailable("\(id): the client closed the connection"))
            }
            if DispatchTime.now() >= deadline {
                withdraw(pending, key: key, .deadline)
                return .failure(late)
            }
        }
        // Others waiting on the same render are woken in turn.
        pending.done.signal()
        switch pending.result {
        case .success(let bytes): return .success(bytes)
        case .failure(.unrenderable(let why)): return .failure(.said(422, "\(id): \(why)"))
        case .failure(.noSlot), nil: return .failure(late)
        }
    }

}

/// What stops `serve` from starting, said as a sentence naming the file.
public struct ServeError: Error, CustomStringConvertible {
    public var description: String
}
