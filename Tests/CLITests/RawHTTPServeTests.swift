import Foundation
import Testing

/// `serve` read byte for byte: what libmicrohttpd answers by itself and
/// the connections it refuses are counted in /metrics, and a 304 says the
/// image's length, never 0.
@Suite(.serialized) struct RawHTTPServeTests {
    typealias Book = RenderCommandTests.Book
    typealias Server = ServeCommandTests.Server

    /// The value of `name` in Prometheus text, nil when absent.
    static func value(_ metrics: String, _ name: String) -> Int? {
        metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.dropFirst(name.count + 1)) }
    }

    @Test func everyAnswerAndEveryRefusalIsCounted() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        // --jobs 1 --queue 0: 512 + 4 connections, 129 (a quarter) from one address.
        let server = try Server(book, ["--jobs", "1", "--queue", "0", "--request-timeout", "5"])

        // Answered by libmicrohttpd: the header too large, the URI too
        // long, a request line it cannot read.
        let fill = String(repeating: "y", count: 40_000)
        for (request, status) in [("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Fill: \(fill)\r\n\r\n", "431"),
                                  ("GET /\(fill) HTTP/1.1\r\nHost: x\r\n\r\n", "414"),
                                  ("GET /healthz HTTP/1.1 extra\r\nHost: x\r\n\r\n", "400")] {
            let answer = try LoopbackClient.exchange(port: server.port, request)
            #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(answer.prefix(80))")
        }

        // One address holds 129 connections at once; the 130th is closed
        // without an answer. Then three more addresses fill the 516: the
        // next is refused too, from an address of its own.
        var held: [LoopbackClient] = []
        func open(_ count: Int, from address: String) throws -> [LoopbackClient] {
            try (0..<count).map { _ in try LoopbackClient(port: server.port, from: address) }
        }
        func refused(_ clients: [LoopbackClient]) -> Int {
            usleep(300_000)
            return clients.filter(\.closedByServer).count
        }
        let first = try open(130, from: "127.0.0.50")
        #expect(refused(first) == 1)
        held += first
        for address in ["127.0.0.51", "127.0.0.52", "127.0.0.53"] {
            let more = try open(129, from: address)
            #expect(refused(more) == 0, "from \(address)")
            held += more
        }
        let over = try open(1, from: "127.0.0.54")
        #expect(refused(over) == 1)
        held.removeAll()

        var metrics = ""
        let settled = Date().addingTimeInterval(10)
        repeat {
            // The slots let go are taken back as their threads end.
            usleep(100_000)
            metrics = String(decoding: server.get("/metrics").body, as: UTF8.self)
        } while metrics.isEmpty && Date() < settled
        for status in ["431", "414", "400"] {
            #expect(Self.value(metrics, "photicase_requests_total{code=\"\(status)\"}") == 1, "\(metrics)")
        }
        #expect(Self.value(metrics, "photicase_connections_refused_total") == 2, "\(metrics)")
        #expect(server.stop().0 == 0)
    }

    @Test func aNotModifiedSaysTheImagesLength() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        let server = try Server(book)
        let image = server.get("/entries/a/card.png")
        let etag = try #require(image.headers["Etag"] ?? image.headers["ETag"])
        for method in ["GET", "HEAD"] {
            let answer = try LoopbackClient.exchange(
                port: server.port, "\(method) /entries/a/card.png HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(etag)\r\nConnection: close\r\n\r\n")
            let head = answer.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
            #expect(head.first == "HTTP/1.1 304 Not Modified", "\(answer)")
            #expect(head.filter { $0.lowercased().hasPrefix("content-length:") } == ["Content-Length: \(image.body.count)"],
                    "\(method): \(head)")
            #expect(answer.hasSuffix("\r\n\r\n"), "\(method): a body after the 304: \(answer)")
        }
        #expect(server.stop().0 == 0)
    }
}
