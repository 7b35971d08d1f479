import Foundation

/// What `GET /metrics` says, in Prometheus' text format: requests by
/// status, a latency histogram, renders, cache hits, the queue's depth and
/// resident memory. Thread-safe.
final class ServeMetrics: @unchecked Sendable {
    private let lock = NSLock()
    private var byStatus: [Int: Int] = [:]
    /// Upper bounds of the latency buckets, in seconds.
    static let buckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    private var bucketCounts = [Int](repeating: 0, count: ServeMetrics.buckets.count)
    private var latencySum = 0.0, latencyCount = 0
    private(set) var renders = 0, cacheHits = 0, notModified = 0, coalesced = 0

    func answered(_ status: Int, seconds: Double) {
        lock.withLock {
            byStatus[status, default: 0] += 1
            for (i, bound) in Self.buckets.enumerated() where seconds <= bound { bucketCounts[i] += 1 }
            latencySum += seconds
            latencyCount += 1
        }
    }

    func rendered() { lock.withLock { renders += 1 } }
    func hit() { lock.withLock { cacheHits += 1 } }
    func joined() { lock.withLock { coalesced += 1 } }

    func text(queueDepth: Int, inFlight: Int) -> String {
        lock.withLock {
            var lines: [String] = []
            lines.append("# HELP photicase_requests_total Requests answered, by HTTP status.")
            lines.append("# TYPE photicase_requests_total counter")
            for status in byStatus.keys.sorted() { lines.append("photicase_requests_total{code=\"\(status)\"} \(byStatus[status]!)") }
            lines.append("# HELP photicase_request_duration_seconds Time from a request's headers to its answer.")
            lines.append("# TYPE photicase_request_duration_seconds histogram")
            for (i, bound) in Self.buckets.enumerated() {
                lines.append("photicase_request_duration_seconds_bucket{le=\"\(bound)\"} \(bucketCounts[i])")
            }
            lines.append("photicase_request_duration_seconds_bucket{le=\"+Inf\"} \(latencyCount)")
            lines.append("photicase_request_duration_seconds_sum \(latencySum)")
            lines.append("photicase_request_duration_seconds_count \(latencyCount)")
            lines.append("# HELP photicase_renders_total Images rendered (not served from the cache).")
            lines.append("# TYPE photicase_renders_total counter")
            lines.append("photicase_renders_total \(renders)")
            lines.append("# HELP photicase_cache_hits_total Images served from the cache.")
            lines.append("# TYPE photicase_cache_hits_total counter")
            lines.append("photicase_cache_hits_total \(cacheHits)")
            lines.append("# HELP photicase_coalesced_total Requests answered by a render another request started.")
            lines.append("# TYPE photicase_coalesced_total counter")
            lines.append("photicase_coalesced_total \(coalesced)")
            lines.append("# HELP photicase_queue_depth Requests waiting for a render slot.")
            lines.append("# TYPE photicase_queue_depth gauge")
            lines.append("photicase_queue_depth \(queueDepth)")
            lines.append("# HELP photicase_renders_in_flight Renders running now.")
            lines.append("# TYPE photicase_renders_in_flight gauge")
            lines.append("photicase_renders_in_flight \(inFlight)")
            lines.append("# HELP photicase_resident_memory_bytes Resident memory of the process.")
            lines.append("# TYPE photicase_resident_memory_bytes gauge")
            lines.append("photicase_resident_memory_bytes \(Self.residentBytes())")
            return lines.joined(separator: "\n") + "\n"
        }
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
