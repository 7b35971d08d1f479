import Foundation

/// A raw TCP connection to `serve` from a loopback address of the test's
/// choosing (Linux routes all of 127.0.0.0/8 to lo: 127.0.0.2 is another
/// client address to the server), for what no HTTP client does: a request
/// a byte at a time, more connections than an address may hold.
final class LoopbackClient {
    struct Failure: Error {
        var call: String
        var errno: Int32
    }

    let fd: Int32

    init(port: Int, from source: String = "127.0.0.1") throws(Failure) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", errno: errno) }
        func address(_ host: String, _ port: Int) -> sockaddr_in {
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            addr.sin_addr.s_addr = inet_addr(host)
            return addr
        }
        func call(_ name: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32, _ addr: sockaddr_in) throws(Failure) {
            var addr = addr
            let r = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard r == 0 else {
                let failure = Failure(call: name, errno: errno)
                close(fd)
                throw failure
            }
        }
        // bind before connect: the server sees `source` as the client.
        try call("bind", { bind(fd, $0, $1) }, address(source, 0))
        try call("connect", { connect(fd, $0, $1) }, address("127.0.0.1", port))
    }

    deinit { close(fd) }

    /// Ends the connection from this side (both ways), as a client that
    /// gives up does; the descriptor is closed when the client goes.
    func hangUp() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    /// False when the server has closed its end.
    @discardableResult
    func send(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == text.utf8.count
    }

    /// Whether the server has ended the connection (an end of stream or a
    /// reset waiting), looked at without waiting.
    var closedByServer: Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, 0) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }

    /// Everything until the server closes, or `seconds` pass.
    func readAll(seconds: Double = 10) -> String {
        var data = [UInt8]()
        let until = Date().addingTimeInterval(seconds)
        while Date() < until {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { break }
            if p.revents == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// One request on a connection of its own, and the whole answer.
    static func exchange(port: Int, _ request: String) throws(Failure) -> String {
        let c = try LoopbackClient(port: port)
        c.send(request)
        return c.readAll()
    }
}
