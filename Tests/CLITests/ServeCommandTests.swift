import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import PhotiCaseCodecs
import PhotiCaseRaster

/// `serve` through the binary, on 127.0.0.1 and a port the kernel picks:
/// the same bytes `share` writes, ETags and the cache, ids that cannot
/// leave the diary, signatures, limits, a damaged photo, SIGTERM.
@Suite(.serialized) struct ServeCommandTests {
    typealias Book = RenderCommandTests.Book

    /// A running `serve`, stopped (SIGKILL) if a test leaves it running.
    final class Server: @unchecked Sendable {
        let process = Process()
        let port: Int
        private let err = Pipe()

        convenience init(_ book: Book, _ extra: [String] = []) throws {
            try self.init(arguments: ["serve", book.root, "--cache", book.cache, "--listen", "127.0.0.1:0"] + extra)
        }

        /// `photicase-render ARGUMENTS`, which must listen on 127.0.0.1.
        init(arguments: [String], environment: [String: String]? = nil) throws {
            process.executableURL = URL(fileURLWithPath: Tool.path)
            process.arguments = arguments
            if let environment { process.environment = environment }
            let out = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            // The first line on stdout says where it listens.
            var line = Data()
            let deadline = Date().addingTimeInterval(20)
            while !line.contains(UInt8(ascii: "\n")) && Date() < deadline && process.isRunning {
                line.append(out.fileHandleForReading.availableData)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("listening on http://127.0.0.1:"),
                  let port = Int(text.dropFirst("listening on http://127.0.0.1:".count).prefix { $0.isNumber }) else {
                process.terminate()
                throw CocoaError(.fileReadUnknown, userInfo: ["line": text])
            }
            self.port = port
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        /// SIGTERM, then the exit status and stderr.
        func stop() -> (Int32, String) {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }

        struct Answer {
            var status: Int
            var headers: [String: String]
            var body: Data
        }

        /// A session that opens as many connections at once as the tests
        /// ask for (the shared one holds six to a host, which would queue
        /// the requests in the client instead of the server).
        static let session: URLSession = {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 128
            configuration.timeoutIntervalForRequest = 60
            // No cache of the client's own: every answer is the server's.
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            return URLSession(configuration: configuration)
        }()

        func get(_ path: String, headers: [String: String] = [:], method: String = "GET") -> Answer {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var answer = Answer(status: 0, headers: [:], body: Data())
            Self.session.dataTask(with: request) { data, response, _ in
                if let http = response as? HTTPURLResponse {
                    answer = Answer(status: http.statusCode,
                                    headers: (http.allHeaderFields as? [String: String]) ?? [:], body: data ?? Data())
                }
                done.signal()
            }.resume()
            done.wait()
            return answer
        }
    }

    func share(_ book: Book, _ id: String, _ file: String, layout: String) throws -> Data {
        let out = book.base + "/share-" + file
        let r = try Tool.run(["share", book.root + "/" + id, "-o", out, "--layout", layout])
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    @Test func servesWhatShareWritesFromTheCacheAndAnswersEveryBadPath() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        try book.add("영화", date: "2022-08-02", photo: "front.png")
        let server = try Server(book)
        #expect(server.get("/healthz").status == 200)
        for (file, layout) in [("card.png", "card"), ("front.webp", "front"), ("story.jpg", "story"), ("feed.jpg", "feed")] {
            let answer = server.get("/entries/a/\(file)")
            #expect(answer.status == 200, "\(file)")
            #expect(answer.body == (try share(book, "a", file, layout: layout)), "\(file) differs from share's")
        }
        let korean = server.get("/entries/%EC%98%81%ED%99%94/card.png")
        #expect(korean.status == 200)
        #expect(korean.body == (try share(book, "영화", "k.png", layout: "card")))

        // Again: from the cache, with the same ETag; If-None-Match: 304.
        let first = server.get("/entries/a/card.png"), again = server.get("/entries/a/card.png")
        #expect(first.body == again.body)
        let etag = try #require(first.headers["Etag"] ?? first.headers["ETag"])
        #expect(server.get("/entries/a/card.png", headers: ["If-None-Match": etag]).status == 304)
        let metrics = String(decoding: server.get("/metrics").body, as: UTF8.self)
        #expect(metrics.contains("photicase_cache_hits_total 2"), "\(metrics)")
        #expect(metrics.contains("photicase_renders_total 5"), "\(metrics)")
        #expect(metrics.contains("photicase_request_duration_seconds_bucket{le=\"+Inf\"}"))
        #expect(metrics.contains("photicase_resident_memory_bytes "))

        // An edited memo: a new image, a new ETag.
        let json = book.root + "/a/entry.json"
        let text = try String(contentsOfFile: json, encoding: .utf8).replacingOccurrences(of: #""memo": """#,
                                                                                         with: #""memo": "다시 봄""#)
        try text.write(toFile: json, atomically: true, encoding: .utf8)
        let edited = server.get("/entries/a/card.png")
        #expect(edited.status == 200 && edited.body != first.body)
        #expect(edited.headers["Etag"] ?? edited.headers["ETag"] != etag)
        #expect(edited.body == (try share(book, "a", "edited.png", layout: "card")))

        // A new entry is served without a restart.
        try book.add("b", date: "2022-08-03")
        usleep(1_100_000)
        #expect(server.get("/entries/b/story.jpg").status == 200)

        // Ids are looked up, never joined into a path.
        for path in ["/entries/%2e%2e/card.png", "/entries/a%2F..%2F..%2Fetc/card.png", "/entries/%2Fetc%2Fpasswd/card.png"] {
            #expect(server.get(path).status == 400, "\(path)")
        }
        for path in ["/entries/nope/card.png", "/entries/a/back.png", "/etc/passwd", "/entries/a/card.gif"] {
            #expect(server.get(path).status == 404, "\(path)")
        }
        // A link inside the diary to a folder outside it is no entry of it.
        let outside = book.base + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: book.root + "/b/entry.json", toPath: outside + "/entry.json")
        try FileManager.default.createSymbolicLink(atPath: book.root + "/leak", withDestinationPath: outside)
        usleep(1_100_000)
        #expect(server.get("/entries/leak/card.png").status == 404)
        #expect(server.get("/entries/a/card.png", method: "POST").status == 405)

        // A photo that does not decode: 422 naming the entry, and serving goes on.
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: book.root + "/b/front.jpg"))
        let damaged = server.get("/entries/b/card.png")
        #expect(damaged.status == 422)
        #expect(String(decoding: damaged.body, as: UTF8.self).contains("b"))
        #expect(server.get("/entries/a/card.png").status == 200)

        let (status, stderr) = server.stop()
        #expect(status == 0, "\(stderr)")
    }

    /// Whether the openssl command the signing one-liner runs is here.
    static let hasOpenSSL = ["/usr/bin/openssl", "/bin/openssl"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs docs/serve.md's openssl one-liner: skipped (and counted so)
    /// without openssl.
    @Test(.enabled(if: hasOpenSSL, "openssl is not installed: the documented signing one-liner cannot run"))
    func requestsMustBeSignedWithAKey() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01")
        let keyFile = book.base + "/keys"
        try "# old and new, for rotation\nold-key-0123456789abcdef\nnew-key-0123456789abcdef\n"
            .write(toFile: keyFile, atomically: true, encoding: .utf8)
        let server = try Server(book, ["--key-file", keyFile])
        let path = "/entries/a/card.png"
        #expect(server.get(path).status == 403)
        #expect(server.get(path + "?sig=" + String(repeating: "ab", count: 32)).status == 403)
        for key in ["old-key-0123456789abcdef", "new-key-0123456789abcdef"] {
            // The documented one-liner (docs/serve.md), run by the shell.
            let sign = try Tool.run(["-c", "printf '%s' \"$1\" | openssl dgst -sha256 -hmac \"$2\" -r | cut -d' ' -f1",
                                     "sh", path, key], executable: "/bin/sh")
            #expect(sign.status == 0, "\(sign.stderr)")
            let sig = sign.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(server.get(path + "?sig=" + sig).status == 200, "\(key)")
            // A signature is for its path alone.
            #expect(server.get("/entries/a/story.jpg?sig=" + sig).status == 403)
        }
        #expect(server.get("/healthz").status == 200)
        #expect(server.stop().0 == 0)
    }

    @Test func busyIs429AndIdenticalRequestsRenderOnce() throws {
        let book = try Book()
        for i in 0..<6 { try book.add("e\(i)", date: "2022-08-0\(i + 1)", size: 1600) }
        let server = try Server(book, ["--jobs", "1", "--queue", "1"])
        // Six different stories at once: one renders, one waits, the rest are refused.
        final class Box<T>: @unchecked Sendable {
            var value: T
            init(_ value: T) { self.value = value }
        }
        let statusBox = Box([Int](repeating: 0, count: 6)), retryBox = Box([String?](repeating: nil, count: 6))
        let lock = NSLock()
        // Threads of their own: concurrentPerform runs as many at once as
        // there are cores, which would never pass --jobs + --queue.
        let group = DispatchGroup()
        for i in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                let answer = server.get("/entries/e\(i)/story.jpg")
                lock.withLock {
                    statusBox.value[i] = answer.status
                    retryBox.value[i] = answer.headers["Retry-After"]
                }
                group.leave()
            }
        }
        group.wait()
        let statuses = statusBox.value, retry = retryBox.value
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 429 }, "\(statuses)")
        #expect(statuses.contains(429), "\(statuses)")
        #expect(statuses.contains(200), "\(statuses)")
        for i in 0..<6 where statuses[i] == 429 { #expect(retry[i] == "1") }
        // Five identical requests at once: one render.
        let before = String(decoding: server.get("/metrics").body, as: UTF8.self)
        let rendersBefore = before.split(separator: "\n").first { $0.hasPrefix("photicase_renders_total ") }
        let same = Box([Int](repeating: 0, count: 5))
        for i in 0..<5 {
            group.enter()
            Thread.detachNewThread {
                let answer = server.get("/entries/e5/feed.jpg")
                lock.withLock { same.value[i] = answer.status }
                group.leave()
            }
        }
        group.wait()
        #expect(same.value == [200, 200, 200, 200, 200])
        let after = String(decoding: server.get("/metrics").body, as: UTF8.self)
        let rendersAfter = after.split(separator: "\n").first { $0.hasPrefix("photicase_renders_total ") }
        let count = { (line: Substring?) in Int(line?.split(separator: " ").last ?? "") ?? -1 }
        #expect(count(rendersAfter) - count(rendersBefore) == 1, "\(after)")
        #expect(server.stop().0 == 0)
    }

    /// A raw TCP connection to the server, for what no HTTP client sends.
    final class RawConnection {
        let fd: Int32

        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let r = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard r == 0 else { throw CocoaError(.fileReadUnknown) }
            var timeout = timeval(tv_sec: 15, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        func send(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }

        /// Everything until the server closes (or 15 s pass).
        func readAll() -> String {
            var data = [UInt8](), buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n <= 0 { break }
                data += buffer[..<n]
            }
            return String(decoding: data, as: UTF8.self)
        }
    }

    @Test func clientsThatMisbehaveCostNothingElse() throws {
        let book = try Book()
        try book.add("a", date: "2022-08-01", size: 1600)
        let server = try Server(book, ["--request-timeout", "1"])
        // Gone before the answer: its render either ended first and landed
        // in the cache (the next request a cache hit), or saw its only
        // client gone and stopped (the next request renders it). Which one
        // depends on the machine's speed; never both, never neither.
        do {
            let c = try RawConnection(port: server.port)
            c.send("GET /entries/a/story.jpg HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        usleep(1_500_000)
        #expect(server.get("/entries/a/story.jpg").status == 200)
        let metrics = String(decoding: server.get("/metrics").body, as: UTF8.self)
        let landed = metrics.contains("photicase_cache_hits_total 1\n")
            && metrics.contains("photicase_renders_stopped_total 0\n")
        let stopped = metrics.contains("photicase_cache_hits_total 0\n")
            && metrics.contains("photicase_renders_stopped_total 1\n")
        #expect(metrics.contains("photicase_renders_total 1\n"), "\(metrics)")
        #expect(landed != stopped, "\(metrics)")

        // Headers past 32 KiB: refused, never answered with the image.
        let big = try RawConnection(port: server.port)
        big.send("GET /entries/a/card.png HTTP/1.1\r\nHost: x\r\nX-Fill: " + String(repeating: "y", count: 40_000) + "\r\n\r\n")
        let answer = big.readAll()
        #expect(answer.hasPrefix("HTTP/1.1 431"), "\(answer.prefix(200))")

        // A client that stops mid-request is closed after the timeout + 5 s.
        let slow = try RawConnection(port: server.port)
        let start = Date()
        slow.send("GET /entries/a/ca")
        _ = slow.readAll()
        let waited = Date().timeIntervalSince(start)
        #expect(waited > 4 && waited < 12, "closed after \(waited) s")
        #expect(server.get("/healthz").status == 200)
        #expect(server.stop().0 == 0)
    }

    @Test func aDeadlinePassedIs503AndSIGTERMFinishesWhatIsInFlight() throws {
        let book = try Book()
        try book.add("e0", date: "2022-08-01", size: 4000)
        // A photo of noise, whose every coefficient is decoded even when
        // it is shrunk on load: a flat one decoded and drew a story in
        // 20 ms, and 48 of them ended inside the deadline.
        var noise = Raster(width: 4000, height: 3000)
        var seed: UInt32 = 12345
        for y in 0..<noise.height {
            for x in 0..<noise.width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                noise[x, y] = RGBA(UInt8(truncatingIfNeeded: seed >> 24), UInt8(truncatingIfNeeded: seed >> 16),
                                   UInt8(truncatingIfNeeded: seed >> 8))
            }
        }
        try Data(try ImageEncoder.encode(noise, settings: .jpeg(quality: 90, chroma: .s420)))
            .write(to: URL(fileURLWithPath: book.root + "/e0/front.jpg"))
        // Forty-eight entries of one 12 MP photo, each a render of its
        // own: one at a time they take several seconds on any machine
        // (some 60 ms each at the least), far past the 1 s deadline.
        for i in 1..<48 {
            let dir = book.root + "/e\(i)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: book.root + "/e0/front.jpg", toPath: dir + "/front.jpg")
            let json = try String(contentsOfFile: book.root + "/e0/entry.json", encoding: .utf8)
                .replacingOccurrences(of: "\"e0\"", with: "\"e\(i)\"")
            try json.write(toFile: dir + "/entry.json", atomically: true, encoding: .utf8)
        }
        let server = try Server(book, ["--jobs", "1", "--queue", "64", "--request-timeout", "1"])
        final class Box: @unchecked Sendable { var statuses: [Int] = [], unpaced: [Int] = [] }
        let box = Box(), lock = NSLock(), group = DispatchGroup()
        // Sixteen more join the renders of the last sixteen, queued by the
        // first requests: they too are told when to come back.
        for i in 0..<64 {
            group.enter()
            Thread.detachNewThread {
                let answer = server.get("/entries/e\(i < 48 ? i : i - 16)/story.jpg")
                lock.withLock {
                    box.statuses.append(answer.status)
                    if answer.status == 503 && answer.headers["Retry-After"] != "1" { box.unpaced.append(i) }
                }
                group.leave()
            }
        }
        group.wait()
        // One at a time: those still waiting after 1 s are 503.
        #expect(box.statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(box.statuses)")
        #expect(box.statuses.contains(200) && box.statuses.contains(503), "\(box.statuses)")
        #expect(box.unpaced.isEmpty, "503 without Retry-After: 1 for requests \(box.unpaced)")

        // The renders of the requests answered 503 go on into the cache:
        // the next part starts once none is left.
        func metrics() -> String { String(decoding: server.get("/metrics").body, as: UTF8.self) }
        let settled = Date().addingTimeInterval(60)
        while Date() < settled, !(metrics().contains("photicase_renders_in_flight 0\n")
                                  && metrics().contains("photicase_queue_depth 0\n")) {
            usleep(20_000)
        }
        // SIGTERM while a render is in flight: it is answered, then the server exits 0.
        let json = book.root + "/e0/entry.json"
        let edited = try String(contentsOfFile: json, encoding: .utf8).replacingOccurrences(of: #""memo": """#,
                                                                                           with: #""memo": "again""#)
        try edited.write(toFile: json, atomically: true, encoding: .utf8)
        final class Answer: @unchecked Sendable { var status = 0 }
        let inFlight = Answer()
        group.enter()
        Thread.detachNewThread {
            inFlight.status = server.get("/entries/e0/story.jpg").status
            group.leave()
        }
        // Signalled once the render is running (as /metrics says).
        let until = Date().addingTimeInterval(10)
        while Date() < until, !metrics().contains("photicase_renders_in_flight 1") {
            usleep(5_000)
        }
        let (status, stderr) = server.stop()
        group.wait()
        #expect(status == 0, "\(stderr)")
        #expect(inFlight.status == 200, "the request in flight at SIGTERM was answered \(inFlight.status)")
        #expect(stderr.contains("SIGTERM: finishing the requests in flight"), "\(stderr)")
    }
}
