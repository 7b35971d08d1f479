import PhotiCaseConcurrency
import Foundation

/// What `GET /metrics` says, in Prometheus' text format: requests by
/// status (libmicrohttpd's own answers among them), connections refused
/// or cut off, a latency histogram, renders, cache hits, the queue's
/// depth and resident memory. Thread-safe.
final class ServeMetrics: Sendable {
    private struct Counts {
        var byStatus: [Int: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServeMetrics.buckets.count)
        var latencySum = 0.0, latencyCount = 0
        var renders = 0, cacheHits = 0, coalesced = 0, stopped = 0
        var refused = 0, cutOff = 0
    }
    private let counts = Locked(Counts())
    /// Upper bounds of the latency buckets, in seconds.
    static let buckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    func answered(_ status: Int, seconds: Double) {
        counts.withLock { c in
            c.byStatus[status, default: 0] += 1
            for (i, bound) in Self.buckets.enumerated() where seconds <= bound { c.bucketCounts[i] += 1 }
            c.latencySum += seconds
            c.latencyCount += 1
        }
    }

    /// What the HTTP layer saw that no request handler did. An answer
    /// libmicrohttpd made itself counts by its status, outside the latency
    /// histogram (which times the service's own answers).
    func record(_ event: HTTPServer.Event) {
        counts.withLock { c in
            switch event {
            case .answeredByLibrary(let status): c.byStatus[status, default: 0] += 1
            case .refused: c.refused += 1
            case .deadlinePassed: c.cutOff += 1
            }
        }
    }

    func rendered() { counts.withLock { $0.renders += 1 } }
    func hit() { counts.withLock { $0.cacheHits += 1 } }
    func joined() { counts.withLock { $0.coalesced += 1 } }
    func stopped() { counts.withLock { $0.stopped += 1 } }

    func text(queueDepth: Int, inFlight: Int) -> String {
        // The counts read out under the lock, element by element: a copy of
        // the struct shares its arrays' storage with the one the next
        // answer mutates, which ThreadSanitizer reports as a race.
        let c = counts.withLock { counts in
            var copy = Counts()
            copy.byStatus = Dictionary(uniqueKeysWithValues: counts.byStatus.map { ($0.key, $0.value) })
            copy.bucketCounts = counts.bucketCounts.map { $0 }
            copy.latencySum = counts.latencySum
            copy.latencyCount = counts.latencyCount
            copy.renders = counts.renders
            copy.cacheHits = counts.cacheHits
            copy.coalesced = counts.coalesced
            copy.stopped = counts.stopped
            copy.refused = counts.refused
            copy.cutOff = counts.cutOff
            return copy
        }
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(String, String)]) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
            for (labels, value) in samples { lines.append("\(name)\(labels) \(value)") }
        }
        metric("photicase_requests_total", "counter", "Requests answered, by HTTP status (libmicrohttpd's own answers included).",
               c.byStatus.sorted { $0.key < $1.key }.map { ("{code=\"\($0.key)\"}", "\($0.value)") })
        metric("photicase_connections_refused_total", "counter",
               "Connections refused at accept, over the connection limit or one address's (closed without an answer).",
               [("", "\(c.refused)")])
        metric("photicase_connections_cut_off_total", "counter",
               "Connections closed without an answer at their deadline: the request not read whole, or the answer not taken.",
               [("", "\(c.cutOff)")])
        metric("photicase_request_duration_seconds", "histogram", "Time from a request's headers to its answer.",
               zip(Self.buckets, c.bucketCounts).map { ("_bucket{le=\"\($0)\"}", "\($1)") }
               + [("_bucket{le=\"+Inf\"}", "\(c.latencyCount)"), ("_sum", "\(c.latencySum)"), ("_count", "\(c.latencyCount)")])
        metric("photicase_renders_total", "counter", "Images rendered (not served from the cache).", [("", "\(c.renders)")])
        metric("photicase_renders_stopped_total", "counter",
               "Renders stopped part-way: every request waiting for them gave up (deadline passed, client gone).",
               [("", "\(c.stopped)")])
        metric("photicase_cache_hits_total", "counter", "Images served from the cache.", [("", "\(c.cacheHits)")])
        metric("photicase_coalesced_total", "counter", "Requests answered by a render another request started.",
               [("", "\(c.coalesced)")])
        metric("photicase_queue_depth", "gauge", "Requests waiting for a render slot.", [("", "\(queueDepth)")])
        metric("photicase_renders_in_flight", "gauge", "Renders running now.", [("", "\(inFlight)")])
        metric("photicase_resident_memory_bytes", "gauge", "Resident memory of the process.",
               [("", "\(Self.residentBytes())")])
        return lines.joined(separator: "\n") + "\n"
    }

    /// Resident memory from /proc/self/statm (its second field, in pages).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Seconds on a clock that only goes forward.
func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
