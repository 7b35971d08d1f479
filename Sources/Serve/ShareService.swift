import Codecs
import Diary
import FileSystem
import Foundation
import PhotiCase
import Pipeline

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
public final class ShareService: @unchecked Sendable {
    let options: ServeOptions
    let renderer: ShareRenderer
    let signature: RequestSignature?
    let metrics = ServeMetrics()
    private let diary: DiaryIndex
    private let store: CacheStore
    private let lock = NSLock()
    /// Render slots: `jobs` of them.
    private let slots: DispatchSemaphore
    // Guarded by `lock`: requests admitted (rendering or waiting for a
    // slot), renders running, renders by key with their waiters, and the
    // key of each file served from the cache.
    private var admitted = 0, running = 0, writing = 0
    private var inFlight: [String: Pending] = [:]
    private var served: [String: String] = [:]

    /// One render that requests wait for.
    final class Pending: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var result: Result<[UInt8], ShareError>?
    }

    public init(_ options: ServeOptions, renderer: ShareRenderer) throws {
        self.options = options
        self.renderer = renderer
        signature = try options.keyFile.map { try RequestSignature(keyFile: $0.text, path: $0.path) }
        do throws(PipelineError) {
            store = try CacheStore(path: options.cache, create: true)
        } catch {
            throw ServeError(description: "\(error)")
        }
        diary = try DiaryIndex(root: options.diary, cache: options.cache, kinds: renderer.theme.kindKeys)
        slots = DispatchSemaphore(value: options.jobs)
    }

    /// Requests admitted and not yet answered, renders running.
    var depth: (waiting: Int, running: Int) { lock.withLock { (admitted - running, running) } }
    /// Rendered images being written to the cache after their answer.
    var writes: Int { lock.withLock { writing } }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let start = monotonicSeconds()
        let response = answer(request)
        metrics.answered(response.status, seconds: monotonicSeconds() - start)
        return response
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "only GET and HEAD are answered", headers: [("Allow", "GET, HEAD")])
        }
        let route: RequestPath
        switch RequestPath.parse(request.path) {
        case .success(let r): route = r
        case .failure(.badRequest(let why)): return .text(400, why)
        case .failure(.notFound): return .text(404, "nothing is served at \(request.path)")
        }
        switch route {
        case .health:
            return access(options.cache, W_OK) == 0 ? .text(200, "ok") : .text(503, "the cache \(options.cache) cannot be written")
        case .metrics:
            let (waiting, running) = depth
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")],
                                body: Array(metrics.text(queueDepth: waiting, inFlight: running).utf8))
        case let .share(id, shareRequest, fileName):
            if let signature, !signature.accepts(path: request.path, signature: request.arguments["sig"]) {
                return .text(403, "the request is not signed with a key of this server (?sig=HMAC-SHA256 of the path)")
            }
            return share(id: id, shareRequest, fileName: fileName, ifNoneMatch: request.ifNoneMatch)
        }
    }

    private func share(id: String, _ request: ShareRequest, fileName: String, ifNoneMatch: String?) -> HTTPResponse {
        guard let folder = diary.folder(of: id) else { return .text(404, "no entry '\(id)' in \(options.diary)") }
        let entry: Entry, json: [UInt8]
        do {
            (entry, json) = try renderer.entry(in: folder)
        } catch {
            // Gone since the diary was listed: looked up afresh next time.
            if !FileManager.default.fileExists(atPath: EntryLoader.file(in: folder)) {
                diary.forget(id)
                return .text(404, "no entry '\(id)' in \(options.diary)")
            }
            return .text(422, "\(id): \(error)")
        }
        let key = renderer.key(entry, json: json, request)
        let etag = "\"\(key.prefix(32))\""
        let type = Self.mediaType(request.format)
        let headers = [("Content-Type", type), ("ETag", etag), ("Cache-Control", "no-cache")]
        if ifNoneMatch == etag { return HTTPResponse(status: 304, headers: headers) }
        let path = "served/\(SafeName.encode(entry.id))/\(fileName)"
        if lock.withLock({ served[path] == key }), let bytes = store.read(path, limit: 256 << 20) {
            metrics.hit()
            return HTTPResponse(status: 200, headers: headers, body: bytes)
        }
        switch render(entry, key: key, request, path: path) {
        case .success(let bytes): return HTTPResponse(status: 200, headers: headers, body: bytes)
        case .failure(let refusal): return refusal
        }
    }

    /// Renders (or joins the render of) `key`, within the limits.
    private func render(_ entry: Entry, key: String, _ request: ShareRequest, path: String) -> Result<[UInt8], HTTPResponse> {
        let deadline = DispatchTime.now() + options.requestTimeout
        lock.lock()
        if let pending = inFlight[key] {
            lock.unlock()
            metrics.joined()
            return wait(pending, deadline: deadline, id: entry.id)
        }
        guard admitted < options.jobs + options.queue else {
            lock.unlock()
            return .failure(.text(429, "busy: \(options.jobs) renders running and \(options.queue) waiting",
                                  headers: [("Retry-After", "1")]))
        }
        admitted += 1
        let pending = Pending()
        inFlight[key] = pending
        lock.unlock()
        // The render runs on its own thread, so a request whose deadline
        // passes is answered 503 while the render finishes into the cache.
        Thread.detachNewThread { [self] in
            let result: Result<[UInt8], ShareError>
            if slots.wait(timeout: deadline) == .timedOut {
                result = .failure(.render("waited past the request timeout for a render slot"))
            } else {
                lock.withLock { running += 1 }
                let rendered = Result { try renderer.render(entry, key: key, request) }
                    .mapError { $0 as? ShareError ?? .render("\($0)") }
                lock.withLock { running -= 1 }
                slots.signal()
                if case .success = rendered { metrics.rendered() }
                // Those waiting are answered first; the copy for the next
                // request is written after (a stop waits for it: `writes`).
                // It need not outlive a crash (the keys it is served under
                // are this process's, so a restart renders again): written
                // whole, not synced.
                guard case .success(let image) = rendered, !image.provisional else {
                    return answer(pending, key: key, rendered.map(\.bytes))
                }
                lock.withLock { writing += 1 }
                answer(pending, key: key, .success(image.bytes))
                let written = (try? store.write(path, bytes: image.bytes, durable: false)) != nil
                lock.withLock {
                    if written { served[path] = key }
                    writing -= 1
                }
                return
            }
            answer(pending, key: key, result)
        }
        return wait(pending, deadline: deadline, id: entry.id)
    }

    /// Gives the requests waiting on `pending` its result; the render no
    /// longer counts against the queue.
    private func answer(_ pending: Pending, key: String, _ result: Result<[UInt8], ShareError>) {
        lock.withLock {
            admitted -= 1
            inFlight[key] = nil
        }
        pending.result = result
        pending.done.signal()
    }

    private func wait(_ pending: Pending, deadline: DispatchTime, id: String) -> Result<[UInt8], HTTPResponse> {
        guard pending.done.wait(timeout: deadline) == .success else {
            return .failure(.text(503, "\(id): not rendered within the request timeout (\(options.requestTimeout) s); "
                                  + "try again", headers: [("Retry-After", "1")]))
        }
        // Others waiting on the same render are woken in turn.
        pending.done.signal()
        switch pending.result! {
        case .success(let bytes): return .success(bytes)
        case .failure(let error):
            if case .render(let why) = error, why.hasPrefix("waited past") { return .failure(.text(503, "\(id): \(why)")) }
            return .failure(.text(422, "\(id): \(error)"))
        }
    }

    static func mediaType(_ format: ImageFormat) -> String {
        switch format {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        default: "image/webp"
        }
    }
}

/// What stops `serve` from starting, said as a sentence naming the file.
public struct ServeError: Error, CustomStringConvertible {
    public var description: String
}
