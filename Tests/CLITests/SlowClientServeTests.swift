import Foundation
import Testing

/// `serve` against clients that send their request a byte at a time,
/// never idle, never done: each holds a thread only until its deadline
/// (the request timeout + 5 s), and while they hold them, everyone else is
/// answered at once.
@Suite(.serialized) struct SlowClientServeTests {
    typealias Book = RenderCommandTests.Book
    typealias Server = ServeCommandTests.Server

    @Test func slowClientsAreCutOffAtTheDeadlineAndStarveNoOne() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        // One render slot and no queue: 68 connections before this change,
        // which 68 such clients held for as long as they kept sending.
        let server = try Server(book, ["--jobs", "1", "--queue", "0", "--request-timeout", "1"])
        #expect(server.get("/entries/a/card.png").status == 200)

        // 256 of them, from 16 addresses other than the probes' (16 each).
        let slow = try (0..<256).map { try LoopbackClient(port: server.port, from: "127.0.0.\(2 + $0 / 16)") }
        let opened = Date()
        var closedAt = [Double?](repeating: nil, count: slow.count)
        var lastByte = Date.distantPast
        /// A byte from each still open every 0.5 s (the idle timeout, 6 s,
        /// never passes), and the time each was closed.
        func tend() {
            if Date().timeIntervalSince(lastByte) >= 0.5 {
                for c in slow { c.send("a") }
                lastByte = Date()
            }
            for (i, c) in slow.enumerated() where closedAt[i] == nil && c.closedByServer {
                closedAt[i] = Date().timeIntervalSince(opened)
            }
        }
        for c in slow { c.send("GET /") }
        while Date().timeIntervalSince(opened) < 1.5 { tend(); usleep(50_000) }
        #expect(closedAt.allSatisfy { $0 == nil }, "closed before their deadline: \(closedAt.compactMap { $0 })")

        // While they hold their connections, a client arriving now is
        // answered at once (on a connection of its own: one kept alive
        // from before would not show a refusal).
        for path in ["/healthz", "/entries/a/card.png", "/healthz"] {
            let start = Date()
            let answer = try LoopbackClient.exchange(port: server.port,
                                                     "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let took = Date().timeIntervalSince(start)
            print("serve with 256 slow clients: \(path) \(answer.prefix(12)) in \(String(format: "%.1f", took * 1000)) ms")
            #expect(answer.hasPrefix("HTTP/1.1 200 ") && took < 1, "\(path): \(answer.prefix(80)) after \(took) s")
            tend()
        }

        // Each is cut off at the request timeout + 5 s from its opening.
        while Date().timeIntervalSince(opened) < 12, closedAt.contains(where: { $0 == nil }) { tend(); usleep(50_000) }
        let times = closedAt.compactMap { $0 }
        #expect(times.count == slow.count, "\(slow.count - times.count) never closed")
        if let first = times.min(), let last = times.max() {
            print("slow clients closed after \(first) to \(last) s")
            #expect(first > 5.5 && last < 9, "closed after \(first) to \(last) s, not the 6 s deadline")
        }
        let metrics = String(decoding: server.get("/metrics").body, as: UTF8.self)
        #expect(metrics.contains("photicase_connections_cut_off_total 256\n"), "\(metrics)")
        #expect(server.stop().0 == 0)
    }
}
