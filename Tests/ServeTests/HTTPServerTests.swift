import Foundation
import Synchronization
import Testing
@testable import PhotiCaseServe

/// HTTPServer on its own, a handler of the test's making, read through a
/// raw socket: the bytes libmicrohttpd sends, the deadline it lacks, and
/// its daemon's life.
@Suite(.serialized) struct HTTPServerTests {
    /// What a test's handler and events leave behind for it to look at.
    final class Seen: Sendable {
        let events = Mutex<[HTTPServer.Event]>([])
        let finished = Mutex(false)
    }

    static func config(deadline: UInt32 = 30, idle: UInt32 = 30) -> HTTPServer.Config {
        var config = HTTPServer.Config()
        config.port = 0
        config.deadlineSeconds = deadline
        config.idleSeconds = idle
        return config
    }

    /// The head of each answer in `bytes` and what follows its blank line.
    static func head(_ bytes: String) -> (lines: [String], rest: Substring) {
        guard let end = bytes.range(of: "\r\n\r\n") else { return (bytes.components(separatedBy: "\r\n"), "") }
        return (bytes[..<end.lowerBound].components(separatedBy: "\r\n"), bytes[end.upperBound...])
    }

    @Test func aNotModifiedCarriesTheLengthItDeclaresNeverZero() throws {
        let server = try HTTPServer(Self.config()) { request in
            switch request.path {
            case "/known": HTTPResponse(status: 304, headers: [("ETag", "\"e\""), ("Content-Length", "4321")])
            case "/unknown": HTTPResponse(status: 304, headers: [("ETag", "\"e\"")])
            default: .text(200, "next")
            }
        }
        defer { server.stop() }
        func lengths(_ lines: [String]) -> [String] {
            lines.filter { $0.lowercased().hasPrefix("content-length:") || $0.lowercased().hasPrefix("transfer-encoding:") }
        }
        // Two requests on one connection, as GET and as HEAD: the next
        // answer follows the 304's head at once, no body between.
        for method in ["GET", "HEAD"] {
            let c = try RawSocket(port: server.port)
            c.send("\(method) /known HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let (lines, rest) = Self.head(c.readAll())
            #expect(lines.first == "HTTP/1.1 304 Not Modified", "\(lines)")
            #expect(lengths(lines) == ["Content-Length: 4321"], "\(method): \(lines)")
            #expect(rest.hasPrefix("HTTP/1.1 200"), "\(method): after the 304: \(rest.prefix(80))")
        }
        // No length known: none at all, not 0 and not an empty chunked
        // body; the connection ends with the answer.
        let c = try RawSocket(port: server.port)
        c.send("GET /unknown HTTP/1.1\r\nHost: x\r\n\r\n")
        let (lines, rest) = Self.head(c.readAll())
        #expect(lines.first == "HTTP/1.1 304 Not Modified", "\(lines)")
        #expect(lengths(lines).isEmpty, "\(lines)")
        #expect(rest.isEmpty, "\(rest.prefix(80))")
    }

    @Test func aServerLetGoStopsItsDaemonBeforeItIsGone() throws {
        let seen = Seen()
        var server: HTTPServer? = try HTTPServer(Self.config()) { _ in
            usleep(300_000)
            seen.finished.withLock { $0 = true }
            return .text(200, "late")
        }
        let port = server!.port
        // A request in flight as the last reference goes.
        let c = try RawSocket(port: port)
        c.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(100_000)
        server = nil
        // The daemon was stopped, after the handler ran to its end, before
        // the server was freed: nothing listens any more.
        #expect(seen.finished.withLock { $0 })
        #expect(throws: RawSocket.Failure.self) { try RawSocket(port: port) }
    }

    @Test func aRequestSentAByteAtATimeIsCutOffAtTheDeadline() throws {
        let seen = Seen()
        // The idle timeout far off: each byte would restart it.
        let server = try HTTPServer(Self.config(deadline: 1, idle: 30), handler: { _ in .text(200, "ok") },
                                    events: { event in seen.events.withLock { $0.append(event) } })
        defer { server.stop() }
        let c = try RawSocket(port: server.port)
        let start = monotonicSeconds()
        var closedAfter: Double?
        for byte in "GET /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
            guard c.send(String(byte)), !c.closedByServer(waiting: 0.2) else {
                closedAfter = monotonicSeconds() - start
                break
            }
        }
        #expect(closedAfter.map { $0 > 0.9 && $0 < 2.5 } == true, "closed after \(String(describing: closedAfter)) s")
        // Told just after the socket is shut down.
        for _ in 0..<100 where seen.events.withLock({ $0.isEmpty }) { usleep(10_000) }
        #expect(seen.events.withLock { $0 } == [.deadlinePassed])
    }

    @Test func anAnswerSlowerThanTheDeadlineIsStillSentAndTheConnectionKept() throws {
        let server = try HTTPServer(Self.config(deadline: 1, idle: 30)) { request in
            // Answering is the handler's time, not the client's.
            usleep(1_500_000)
            return .text(200, request.path)
        }
        defer { server.stop() }
        let c = try RawSocket(port: server.port)
        c.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /again HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let answers = c.readAll()
        #expect(answers.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(answers)")
        #expect(answers.hasSuffix("/again\n"), "\(answers)")
    }

    @Test func anAnswerNotTakenIsCutOffAtTheDeadline() throws {
        let seen = Seen()
        let body = [UInt8](repeating: 0x2A, count: 32 << 20)
        let server = try HTTPServer(Self.config(deadline: 1, idle: 30), handler: { _ in HTTPResponse(status: 200, body: body) },
                                    events: { event in seen.events.withLock { $0.append(event) } })
        defer { server.stop() }
        // A client with a small window that reads a little now and then:
        // never idle, never done.
        let c = try RawSocket(port: server.port, receiveBuffer: 4096)
        c.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let start = monotonicSeconds()
        while monotonicSeconds() - start < 4, seen.events.withLock({ $0.isEmpty }) {
            _ = c.read(upTo: 1024)
            usleep(50_000)
        }
        let after = monotonicSeconds() - start
        #expect(seen.events.withLock { $0 } == [.deadlinePassed], "after \(after) s")
        #expect(after > 0.9 && after < 2.5, "cut off after \(after) s")
    }
}

/// A raw TCP connection to 127.0.0.1, for the bytes no HTTP client shows.
final class RawSocket {
    struct Failure: Error {
        var call: String
        var errno: Int32
    }

    let fd: Int32

    init(port: UInt16, receiveBuffer: Int32? = nil) throws(Failure) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", errno: errno) }
        if var size = receiveBuffer {
            // Before connect: the window is agreed on then.
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 else {
            let error = Failure(call: "connect", errno: errno)
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    /// False when the server has closed its end.
    @discardableResult
    func send(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == text.utf8.count
    }

    /// Up to `count` bytes waiting now, none when none are.
    func read(upTo count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = recv(fd, &buffer, count, Int32(MSG_DONTWAIT))
        return n > 0 ? Array(buffer[..<n]) : []
    }

    /// Whether the server ends the connection within `seconds`.
    func closedByServer(waiting seconds: Double) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(seconds * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }

    /// Everything until the server closes (or 10 s pass).
    func readAll() -> String {
        var data = [UInt8]()
        let start = monotonicSeconds()
        while monotonicSeconds() - start < 10 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 200) >= 0 else { break }
            if p.revents == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }
}
