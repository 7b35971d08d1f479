import PhotiCaseFileSystem
import Foundation
import PhotiCaseDiary
import PhotiCaseHashing
import PhotiCase
import PhotiCaseServe
#if canImport(Glibc)
import Glibc
#endif

/// `photicase-render serve DIARY --cache CACHE`: share images over HTTP.
enum ServeCommand {
    static let options: [Option] = [
        .valued("cache", "DIR", "where served images are kept (CACHE/served/)"),
        .valued("listen", "HOST:PORT", """
            address to listen on (default 127.0.0.1:8080; port
            0 takes a free one; [::1]:PORT for IPv6)
            """),
        .valued("jobs", "N", "renders at once (default: the cores)"),
        .valued("queue", "N", "requests that may wait for a render (default 16)"),
        .valued("request-timeout", "S", "seconds before a request is answered 503 (default 30)"),
        .valued("memory-limit", "SIZE", "decode memory of all renders, e.g. 512M or 2G (default 1G)"),
        .valued("key-file", "FILE", """
            keys (one a line) one of which must sign every
            image request (?sig=HMAC-SHA256 of the path)
            """),
    ]

    static let help = """
    Usage: photicase-render serve DIARY --cache CACHE [--listen HOST:PORT] [--jobs N] [--queue N]
                                 [--request-timeout S] [--memory-limit SIZE] [--key-file FILE]

    Answers GET /entries/ID/card.png (front, story, feed; .png, .jpg or
    .webp) with the image `share` makes of entry ID of DIARY, rendered once
    and served from CACHE while the entry and its photos are unchanged;
    GET /healthz and GET /metrics (Prometheus). Prints `listening on
    http://HOST:PORT` when ready. SIGTERM or SIGINT: stops accepting,
    finishes the requests in flight, exits 0. See docs/serve.md.

    \(Option.helpLines(options))

    Exit status: 0 stopped by a signal, 1 cannot listen or read DIARY,
    2 usage error.
    """

    static func run(_ words: ArraySlice<String>) throws -> ExitStatus {
        let args = try Arguments(words, spec: ArgumentSpec(options))
        guard args.positionals.count == 1 else { throw UsageError("serve needs one DIARY folder") }
        guard let cache = args.values["cache"] else { throw UsageError("serve needs --cache DIR") }
        try RenderCommand.applyMemoryLimit(args)
        var options = ServeOptions(diary: args.positionals[0], cache: cache)
        if let listen = args.values["listen"] {
            guard let (host, port) = parseListen(listen) else {
                throw UsageError("--listen must be HOST:PORT with a numeric address and a port 0-65535 "
                                 + "(127.0.0.1:8080, [::1]:0), not '\(listen)'")
            }
            (options.host, options.port) = (host, port)
        }
        options.jobs = try args.int("jobs", in: 1...256) ?? RenderCommand.cores
        options.queue = try args.int("queue", in: 0...100_000) ?? 16
        options.requestTimeout = Double(try args.int("request-timeout", in: 1...3600) ?? 30)
        if let keyFile = args.values["key-file"] {
            do throws(FileSystemError) {
                let bytes = try FileSystem.readFile(keyFile, limit: 1 << 20)
                options.keyFile = (String(decoding: bytes, as: UTF8.self), keyFile)
            } catch {
                Console.error("photicase-render: \(error)")
                return .inputFailure
            }
        }
        // Signals are taken by this thread alone (sigwait below): every
        // thread started from here on inherits the block.
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGTERM, SIGINT] { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let server: ShareServer
        do {
            // Requests share the cores: one thread a render (`parallelResizes`).
            server = try ShareServer(options, renderer: try ShareRenderer(theme: Theme(), workers: options.jobs, parallelResizes: false))
        } catch {
            Console.error("photicase-render: \(error)")
            return .inputFailure
        }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        Console.out("listening on http://\(shownHost):\(server.port)")
        var signal: Int32 = 0
        sigwait(&set, &signal)
        Console.error("photicase-render: \(signal == SIGTERM ? "SIGTERM" : "SIGINT"): finishing the requests in flight")
        server.stop()
        return .success
    }

    /// `HOST:PORT` or `[IPv6]:PORT`, the host numeric.
    static func parseListen(_ text: String) -> (String, UInt16)? {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        var v4 = in_addr(), v6 = in6_addr()
        guard inet_pton(AF_INET, host, &v4) == 1 || (inet_pton(AF_INET6, host, &v6) == 1 && text.hasPrefix("[")) else { return nil }
        return (host, port)
    }
}
