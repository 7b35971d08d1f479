import Foundation
import PhotiCaseCodecs
import PhotiCaseRaster
import Testing

/// A render no one waits for any more is stopped part-way, within one band
/// of its work (a photo's decode, or 32 rows of a resize), and frees its
/// thread: its last request's deadline passed (503), or its client closed
/// the connection. Before, it ran to its end and into the cache, holding a
/// render slot the next requests waited for.
@Suite(.serialized) struct ServeStopCommandTests {
    typealias Book = RenderCommandTests.Book
    typealias Server = ServeCommandTests.Server

    /// An entry whose card decodes two 100-megapixel PNGs (each about a
    /// second's decode on one core), and a small one.
    static func book() throws -> Book {
        let book = try Book()
        try book.add("small", date: "2022-08-01")
        try book.add("big", date: "2022-08-02", photo: nil)
        let raster = Raster(width: 10_000, height: 10_000, fill: RGBA(40, 90, 160))
        let png = try ImageEncoder.encode(raster, settings: .png(compressionLevel: 1))
        for name in ["front.png", "back.png"] {
            try Data(png).write(to: URL(fileURLWithPath: book.root + "/big/" + name))
        }
        let json = #"{"title": "big", "date": "2022-08-02", "rating": 3, "front": {"photo": "front.png"}, "#
            + #""back": {"photo": "back.png"}}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: book.root + "/big/entry.json"))
        return book
    }

    /// Seconds until `/metrics` shows no render in flight (10 at most).
    static func untilIdle(_ server: Server) -> Double {
        let start = Date()
        while Date().timeIntervalSince(start) < 10,
              ServeTrustCommandTests.counter(server, "photicase_renders_in_flight") != 0 {
            usleep(10_000)
        }
        return Date().timeIntervalSince(start)
    }

    @Test func aRenderNoOneWaitsForStopsWithinABand() throws {
        let book = try Self.book()
        // How long the card takes when someone waits for all of it.
        let patient = try Server(book, ["--jobs", "1", "--request-timeout", "60", "--cache", book.base + "/patient"])
        let started = Date()
        #expect(patient.get("/entries/big/card.png").status == 200)
        let whole = Date().timeIntervalSince(started)
        #expect(patient.stop().0 == 0)

        let server = try Server(book, ["--jobs", "1", "--request-timeout", "1"])
        let served = book.cache + "/served"
        // The deadline passes during the first decode or the second.
        let late = server.get("/entries/big/card.png")
        #expect(late.status == 503, "\(late.status)")
        let stoppedAfter = Self.untilIdle(server)
        print("serve: a card takes \(String(format: "%.2f", whole)) s; past its deadline (1 s), it stopped "
              + "\(String(format: "%.2f", stoppedAfter)) s after the 503")
        // One band here is one photo's decode, about half the card.
        #expect(stoppedAfter < whole / 2 + 0.3, "more than a band: \(stoppedAfter) s after its only request gave up")
        #expect(ServeTrustCommandTests.counter(server, "photicase_renders_stopped_total") == 1)
        #expect(ServeTrustCommandTests.counter(server, "photicase_renders_total") == 0)
        #expect(ServeTrustCommandTests.copies(in: served).isEmpty, "a stopped render was kept")
        // Its slot is free: the next request is drawn at once.
        #expect(server.get("/entries/small/card.png").status == 200)

        // A client that closes its connection while its render runs.
        let client = try LoopbackClient(port: server.port)
        client.send("GET /entries/big/card.png HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(300_000)
        #expect(ServeTrustCommandTests.counter(server, "photicase_renders_in_flight") == 1)
        let gone = Date()
        client.hangUp()
        while Date().timeIntervalSince(gone) < 10,
              ServeTrustCommandTests.counter(server, "photicase_renders_stopped_total") != 2 {
            usleep(10_000)
        }
        let goneAfter = Date().timeIntervalSince(gone)
        print("serve: the render of a client gone stopped \(String(format: "%.2f", goneAfter)) s after it closed")
        #expect(goneAfter < whole / 2 + 0.3, "more than a band: \(goneAfter) s after its client left")
        #expect(ServeTrustCommandTests.counter(server, "photicase_renders_total") == 1)
        #expect(server.stop().0 == 0)
    }
}
