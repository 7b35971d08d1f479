import CHTTPShim
import CMicroHTTPD
import Foundation

/// One request as libmicrohttpd read it: the path as sent (escapes kept),
/// the query's arguments and the headers asked for.
struct HTTPRequest {
    var method: String
    /// The path as sent, percent-escapes and all, without the query.
    var path: String
    var arguments: [String: String]
    var ifNoneMatch: String?
}

/// An answer: status, headers and body.
struct HTTPResponse {
    var status: Int
    var headers: [(String, String)] = []
    var body: [UInt8] = []

    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
                     body: Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}

/// The only Swift file that calls libmicrohttpd (through CHTTPShim, which
/// opens it when `serve` starts): its daemon, a thread per
/// connection (a render blocks only its own), connection limits, timeouts
/// and header size limits all its own; no HTTP parsing here.
final class HTTPServer: @unchecked Sendable {
    struct Config {
        var host = "127.0.0.1"
        var port: UInt16 = 8080
        var connectionLimit: UInt32 = 256
        /// An idle or slow client is closed after this many seconds.
        var timeoutSeconds: UInt32 = 30
        /// Per connection: the request line and headers must fit in it.
        var memoryLimit = 32 * 1024
    }

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    private var daemon: OpaquePointer?
    private let handler: (HTTPRequest) -> HTTPResponse
    private(set) var port: UInt16 = 0

    init(_ config: Config, handler: @escaping (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        var problem: UnsafePointer<CChar>?
        guard pr_http_load(&problem) == 0 else {
            throw StartError(description: "cannot open libmicrohttpd (Debian: libmicrohttpd12): "
                             + (problem.map { String(cString: $0) } ?? "unknown error"))
        }
        var bound: UInt16 = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = config.host.withCString { host -> OpaquePointer? in
            var c = pr_http_config(host: host, port: config.port, connection_limit: config.connectionLimit,
                                   timeout_seconds: config.timeoutSeconds, memory_limit: config.memoryLimit)
            return pr_http_start(&c, HTTPServer.access, context, &bound)
        }
        guard let started else {
            throw StartError(description: "cannot listen on \(config.host):\(config.port): \(String(cString: strerror(errno)))")
        }
        daemon = started
        port = bound
    }

    /// Stops accepting connections; those open go on.
    func quiesce() {
        if let daemon { pr_http_quiesce(daemon) }
    }

    /// Closes every connection and stops the daemon's threads.
    func stop() {
        if let daemon { pr_http_stop(daemon) }
        daemon = nil
    }

    /// libmicrohttpd calls this once the headers are read, again for each
    /// part of a body, and once more at its end: the answer is made then.
    private static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, _, uploadSize, state in
        guard let cls, let connection, let url, let method, let uploadSize, let state else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        if state.pointee == nil {
            // The first call: headers only. A non-null state marks it seen.
            state.pointee = UnsafeMutableRawPointer(bitPattern: 1)
            return .YES
        }
        if uploadSize.pointee > 0 {
            uploadSize.pointee = 0  // a body is read and dropped: every route is GET
            return .YES
        }
        func value(_ kind: MHD_ValueKind, _ key: String) -> String? {
            pr_http_lookup(connection, kind, key).map { String(cString: $0) }
        }
        var arguments: [String: String] = [:]
        for key in ["sig"] { if let v = value(.GET_ARGUMENT_KIND, key) { arguments[key] = v } }
        let request = HTTPRequest(method: String(cString: method), path: String(cString: url), arguments: arguments,
                                  ifNoneMatch: value(.HEADER_KIND, "If-None-Match"))
        let answer = server.handler(request)
        // Names and values, alternating, as C strings for the call.
        let strings = answer.headers.flatMap { [strdup($0.0), strdup($0.1)] }
        defer { strings.forEach { free($0) } }
        let pointers = strings.map { UnsafePointer<CChar>($0) }
        return answer.body.withUnsafeBytes { body in
            pointers.withUnsafeBufferPointer { headers in
                pr_http_respond(connection, UInt32(answer.status), body.baseAddress, body.count, headers.baseAddress,
                                answer.headers.count)
            }
        }
    }
}

/// An answer other than the image asked for (429, 503, 422), carried
/// through a render's `Result`.
extension HTTPResponse: Error {}
