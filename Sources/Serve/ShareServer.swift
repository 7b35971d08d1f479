import Foundation
import PhotiCase

/// `serve`: the share service behind libmicrohttpd, listening until
/// `stop`, which stops accepting, lets the requests in flight finish and
/// closes the rest.
public final class ShareServer: @unchecked Sendable {
    let service: ShareService
    private let http: HTTPServer
    /// The port listened on (the one taken when asked for port 0).
    public var port: UInt16 { http.port }

    public init(_ options: ServeOptions, renderer: ShareRenderer) throws {
        let service = try ShareService(options, renderer: renderer)
        self.service = service
        let counter = AnsweringCounter()
        var config = HTTPServer.Config()
        config.host = options.host
        config.port = options.port
        // Room for every admitted request, the health and metrics probes,
        // and the clients refused with 429; beyond it libmicrohttpd refuses.
        config.connectionLimit = UInt32(min(4096, 64 + 4 * (options.jobs + options.queue)))
        config.timeoutSeconds = UInt32(max(5, options.requestTimeout.rounded(.up) + 5))
        do {
            http = try HTTPServer(config) { request in
                counter.enter()
                defer { counter.leave() }
                return service.handle(request)
            }
        } catch {
            throw ServeError(description: "\(error)")
        }
        self.counter = counter
    }

    private let counter: AnsweringCounter

    /// Stops accepting, waits (up to the request timeout) for the requests
    /// being answered and the cache writes after them, then closes every
    /// connection.
    public func stop() {
        http.quiesce()
        let deadline = monotonicSeconds() + service.options.requestTimeout + 1
        while (counter.count > 0 || service.writes > 0) && monotonicSeconds() < deadline { usleep(10_000) }
        http.stop()
    }
}

/// Requests being answered now.
final class AnsweringCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var count: Int { lock.withLock { n } }
    func enter() { lock.withLock { n += 1 } }
    func leave() { lock.withLock { n -= 1 } }
}
