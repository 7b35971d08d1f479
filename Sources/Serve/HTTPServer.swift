import PhotiCaseConcurrency
import CPhotiCaseHTTPShim
import CPhotiCaseMicroHTTPD
import Foundation

/// One request as libmicrohttpd read it: the path as sent (escapes kept),
/// the query's arguments and the headers asked for.
struct HTTPRequest {
    var method: String
    /// The path as sent, percent-escapes and all, without the query.
    var path: String
    var arguments: [String: String]
    var ifNoneMatch: String?
    /// Whether the client has closed its end (its answer would go nowhere):
    /// asked while the answer is being made.
    var clientGone: @Sendable () -> Bool = { false }
}


/// An answer: status, headers and body.
struct HTTPResponse {
    var status: Int
    var headers: [(String, String)] = []
    var body: [UInt8] = []

    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
                     body: Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// The `Content-Length` among `headers`, when one is given and is a
    /// length: what a 304 says of the 200 it stands for.
    var declaredLength: UInt64? {
        headers.first { $0.0.lowercased() == "content-length" }.flatMap { UInt64($0.1) }
    }
}

/// The only Swift file that calls libmicrohttpd (through CHTTPShim, which
/// opens it when `serve` starts): its daemon, a thread per
/// connection (a render blocks only its own), connection limits, timeouts
/// and header size limits all its own, and the request deadline it lacks
/// (CHTTPShim's watchdog); no HTTP parsing here.
final class HTTPServer: Sendable {
    struct Config {
        var host = "127.0.0.1"
        var port: UInt16 = 8080
        var connectionLimit: UInt32 = 256
        /// Connections at once from one IP address.
        var perAddressLimit: UInt32 = 64
        /// A connection silent this many seconds is closed.
        var idleSeconds: UInt32 = 30
        /// A connection whose request is not read whole this many seconds
        /// after it opened (or after its previous request), or whose client
        /// has not taken the answer this many seconds after it was made, is
        /// cut off: sending a byte now and then does not hold a thread.
        var deadlineSeconds: UInt32 = 30
        /// Per connection: the request line and headers must fit in it.
        var memoryLimit = 32 * 1024
    }

    /// What happened on a connection that no request handler saw.
    enum Event: Equatable, Sendable {
        /// libmicrohttpd answered by itself (400, 414, 431, 505...) and
        /// closed the connection.
        case answeredByLibrary(status: Int)
        /// Refused at accept, over the connection limit or its address's:
        /// closed without an answer.
        case refused
        /// Cut off at its deadline, without an answer.
        case deadlinePassed
    }

    enum StartError: Error, CustomStringConvertible {
        case cannotLoad(reason: String)
        case cannotListen(host: String, port: UInt16, reason: String)

        var description: String {
            switch self {
            case .cannotLoad(let reason): "cannot open libmicrohttpd (Debian: libmicrohttpd12): \(reason)"
            case let .cannotListen(host, port, reason): "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    /// What the C side calls back. Retained from the start of the daemon
    /// until it has stopped, apart from the server: a callback running
    /// while the server goes away still finds it.
    private final class Callbacks: Sendable {
        let handler: @Sendable (HTTPRequest) -> HTTPResponse
        let events: @Sendable (Event) -> Void

        init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, events: @escaping @Sendable (Event) -> Void) {
            self.handler = handler
            self.events = events
        }
    }

    /// The daemon and what it calls back, while it runs. Sendable: the
    /// pointer is only used by the one who takes it out of `running`, or
    /// under its lock, and libmicrohttpd's calls on it are thread-safe.
    private struct Running: @unchecked Sendable {
        let server: OpaquePointer
        let callbacks: Unmanaged<Callbacks>
    }

    private let running: Locked<Running?>
    /// The port listened on (the one taken when asked for port 0).
    let port: UInt16

    init(_ config: Config, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
         events: @escaping @Sendable (Event) -> Void = { _ in }) throws(StartError) {
        var problem: UnsafePointer<CChar>?
        guard pr_http_load(&problem) == 0 else {
            throw .cannotLoad(reason: problem.map { String(cString: $0) } ?? "unknown error")
        }
        let callbacks = Unmanaged.passRetained(Callbacks(handler: handler, events: events))
        var bound: UInt16 = 0
        let started = config.host.withCString { host -> OpaquePointer? in
            var c = pr_http_config(host: host, port: config.port, connection_limit: config.connectionLimit,
                                   per_address_limit: config.perAddressLimit, idle_seconds: config.idleSeconds,
                                   deadline_seconds: config.deadlineSeconds, memory_limit: config.memoryLimit,
                                   on_request: HTTPServer.onRequest, on_event: HTTPServer.onEvent,
                                   cls: callbacks.toOpaque())
            return pr_http_start(&c, &bound)
        }
        guard let started else {
            let reason = String(cString: strerror(errno))
            callbacks.release()
            throw .cannotListen(host: config.host, port: config.port, reason: reason)
        }
        running = Locked(Running(server: started, callbacks: callbacks))
        port = bound
    }

    // A daemon left running would call back into a server that is gone.
    deinit { stop() }

    /// Stops accepting connections; those open go on.
    func quiesce() {
        running.withLock { running in
            if let running { pr_http_quiesce(running.server) }
        }
    }

    /// Closes every connection and stops the daemon's threads; once it
    /// returns no handler is called again. Idempotent.
    func stop() {
        // Taken out under the lock and stopped outside it: stopping waits
        // for the connections' threads, whose handlers may be in `quiesce`.
        let taken = running.withLock { running -> Running? in
            defer { running = nil }
            return running
        }
        guard let taken else { return }
        pr_http_stop(taken.server)
        taken.callbacks.release()
    }

    /// A request, read whole (its body dropped): answered by the handler.
    private static let onRequest: pr_http_request_handler = { cls, connection, url, method in
        guard let cls, let connection, let url, let method else { return .NO }
        let callbacks = Unmanaged<Callbacks>.fromOpaque(cls).takeUnretainedValue()
        func value(_ kind: MHD_ValueKind, _ key: String) -> String? {
            pr_http_lookup(connection, kind, key).map { String(cString: $0) }
        }
        var arguments: [String: String] = [:]
        for key in ["sig"] { if let v = value(.GET_ARGUMENT_KIND, key) { arguments[key] = v } }
        let fd = pr_http_connection_fd(connection)
        let request = HTTPRequest(method: String(cString: method), path: String(cString: url), arguments: arguments,
                                  ifNoneMatch: value(.HEADER_KIND, "If-None-Match"),
                                  clientGone: { pr_http_client_gone(fd) != 0 })
        return respond(connection, callbacks.handler(request))
    }

    private static let onEvent: pr_http_event_handler = { cls, event, status in
        guard let cls else { return }
        let callbacks = Unmanaged<Callbacks>.fromOpaque(cls).takeUnretainedValue()
        switch event {
        case PR_HTTP_LIBRARY_ANSWERED: callbacks.events(.answeredByLibrary(status: Int(status)))
        case PR_HTTP_REFUSED: callbacks.events(.refused)
        case PR_HTTP_DEADLINE_PASSED: callbacks.events(.deadlinePassed)
        default: break
        }
    }

    /// Queues `answer`. libmicrohttpd writes every Content-Length itself
    /// (and ignores one set by hand): a body's, or for a 304 the length it
    /// declares, never the 0 of its empty body.
    private static func respond(_ connection: OpaquePointer, _ answer: HTTPResponse) -> MHD_Result {
        let headers = answer.headers.filter { $0.0.lowercased() != "content-length" }
        // Names and values, alternating, as C strings for the call.
        let strings = headers.flatMap { [strdup($0.0), strdup($0.1)] }
        defer { strings.forEach { free($0) } }
        let pointers = strings.map { UnsafePointer<CChar>($0) }
        return pointers.withUnsafeBufferPointer { names in
            guard answer.status != 304 else {
                return pr_http_respond_headers(connection, 304, answer.declaredLength ?? PR_HTTP_NO_LENGTH,
                                               names.baseAddress, headers.count)
            }
            return answer.body.withUnsafeBytes { body in
                pr_http_respond(connection, UInt32(answer.status), body.baseAddress, body.count, names.baseAddress,
                                headers.count)
            }
        }
    }
}

/// An answer other than the image asked for (429, 503, 422), carried
/// through a render's `Result`.
extension HTTPResponse: Error {}
