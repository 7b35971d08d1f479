import CPhotiCaseHTTPShim
import PhotiCaseConcurrency
import Foundation
import PhotiCase

/// `serve`: the share service behind libmicrohttpd, listening until
/// `stop`, which stops accepting, lets the requests in flight finish and
/// closes the rest.
public final class ShareServer: Sendable {
    let service: ShareService
    private let http: HTTPServer
    private let counter: AnsweringCounter
    /// The port listened on (the one taken when asked for port 0).
    public var port: UInt16 { http.port }

    public init(_ options: ServeOptions, renderer: ShareRenderer) throws {
        // Renders of the same sizes one after another: their freed pixels
        // kept for the next (see `pr_serve_keep_freed_memory`).
        pr_serve_keep_freed_memory()
        let service = try ShareService(options, renderer: renderer)
        self.service = service
        let counter = AnsweringCounter()
        self.counter = counter
        let limits = ConnectionLimits(jobs: options.jobs, queue: options.queue)
        var config = HTTPServer.Config()
        config.host = options.host
        config.port = options.port
        config.connectionLimit = limits.total
        config.perAddressLimit = limits.perAddress
        // A request has the request timeout to be answered; its client has
        // 5 s more to send it (or, after the answer, to take it). A silent
        // connection is closed a second sooner, by libmicrohttpd, so that
        // those cut off at the deadline are the ones that kept sending.
        let seconds = UInt32(max(5, options.requestTimeout.rounded(.up) + 5))
        config.deadlineSeconds = seconds
        config.idleSeconds = seconds - 1
        do {
            http = try HTTPServer(config, handler: { request in
                counter.enter()
                defer { counter.leave() }
                return service.handle(request)
            }, events: { service.metrics.record($0) })
        } catch {
            throw ServeError(description: "\(error)")
        }
    }

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

/// How many connections `serve` holds at once. Each is a thread until it
/// closes, and a client that never finishes its request holds one until
/// its deadline (the request timeout + 5 s), so there is room for many
/// such beside the requests the service admits; one address may take a
/// quarter of it, so that it takes four to fill it.
struct ConnectionLimits {
    /// Every admitted request, the probes, the clients refused with 429,
    /// and 512 more: 584 at the defaults (2 jobs, a queue of 16), 4,096 at
    /// most, and never more than the descriptors the process may open
    /// leave room for (beside 256 for photos, the cache and the rest).
    let total: UInt32
    /// Connections at once from one IP address (a reverse proxy in front
    /// is one address): a quarter of `total`.
    let perAddress: UInt32

    init(jobs: Int, queue: Int) {
        let wanted = min(4096, 512 + 4 * (jobs + queue))
        let descriptors = Self.raiseDescriptorLimit(to: wanted + 1024)
        total = UInt32(max(16, min(wanted, descriptors - 256)))
        perAddress = total / 4
    }

    /// Raises the soft limit on open files towards `wanted` (as far as
    /// the hard limit allows: 1,024 is a common soft limit, far below the
    /// hard one) and returns the limit now in force.
    static func raiseDescriptorLimit(to wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return wanted }
        let target = min(rlim_t(wanted), limit.rlim_max)
        if limit.rlim_cur < target {
            var raised = limit
            raised.rlim_cur = target
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }
}

/// Requests being answered now.
final class AnsweringCounter: Sendable {
    private let n = Locked(0)
    var count: Int { n.withLock { $0 } }
    func enter() { n.withLock { $0 += 1 } }
    func leave() { n.withLock { $0 -= 1 } }
}
