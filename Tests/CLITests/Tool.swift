import Foundation

/// The folder of `Tool.publicCopy`, set once by its initializer (which
/// runs once, under Swift's lazy-global lock) and read at exit.
nonisolated(unsafe) private var publicCopyFolder: String?

/// What a thread read from a child's stderr. Sendable: `data` is written
/// by that thread before it signals `done`, and read only after.
private final class ErrorsRead: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}

/// Runs the built photicase-render executable.
enum Tool {
    /// The executable beside the test bundle (same build directory), or
    /// $PHOTICASE_RENDER_BIN.
    static let path: String = {
        if let env = ProcessInfo.processInfo.environment["PHOTICASE_RENDER_BIN"] { return env }
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var url = dir
        // The test runner may sit inside a bundle; walk up to the build dir.
        for _ in 0..<4 {
            let candidate = url.appendingPathComponent("photicase-render").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            url.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("photicase-render").path
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// True when the tests run as root (as CI does), where file
    /// permissions do not apply: permission tests then drop to `nobody`.
    static var isRoot: Bool { geteuid() == 0 }

    /// Runs the tool as `nobody` when the tests run as root, through
    /// util-linux's `setpriv` (no group, no capabilities, a clean
    /// environment), so a chmod 000 folder really cannot be read; as the
    /// user itself otherwise. Files the tool must write should be given to
    /// `nobody` first (`giveToNobody`).
    static func runUnprivileged(_ args: [String], cwd: String? = nil, environment: [String: String] = [:]) throws -> Result {
        guard isRoot else { return try run(args, cwd: cwd, environment: environment) }
        // setpriv clears the environment: what the test sets goes through env(1).
        let env = environment.isEmpty ? [] : ["/usr/bin/env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try run(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--inh-caps=-all", "--reset-env", "--"]
                       + env + [try publicCopy.get()] + args, cwd: cwd, executable: "/usr/bin/setpriv")
    }

    /// A copy of the tool that `nobody` can run: the build folder may sit
    /// below a folder only root can enter (a CI checkout in /root).
    /// The copy's folder is removed when the test process exits (it is
    /// 9 MB, and every test run made one).
    static let publicCopy: Swift.Result<String, Error> = Swift.Result {
        let dir = try temporaryDirectory()
        publicCopyFolder = dir
        atexit { if let dir = publicCopyFolder { try? FileManager.default.removeItem(atPath: dir) } }
        let copy = dir + "/photicase-render"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        return copy
    }

    /// Makes `path` and everything below it belong to `nobody` (when root).
    static func giveToNobody(_ path: String) throws {
        guard isRoot else { return }
        let r = try run(["-R", "nobody:nogroup", path], executable: "/bin/chown")
        guard r.status == 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: ["reason": r.stderr]) }
    }

    static func run(_ args: [String], cwd: String? = nil, executable: String? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable ?? path)
        p.arguments = args
        if !environment.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Both pipes read at once, before waiting: a child whose stderr
        // fills its pipe while stdout is read would wait for ever.
        let errors = ErrorsRead()
        let readErrors = Thread {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            errors.done.signal()
        }
        readErrors.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        errors.done.wait()
        let e = errors.data
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    /// The outcome of `start`ing the tool: how it ended, and whether it
    /// had to be killed at the deadline (it would have run on for ever).
    struct Ended {
        var result: Result
        /// The signal that ended it, or nil when it exited.
        var signal: Int32?
        var killedAtDeadline: Bool
        /// Seconds from the start to its end.
        var seconds: Double
    }

    /// A running tool, read and waited for on other threads, so a test can
    /// signal it and give it a deadline.
    final class Running: @unchecked Sendable {
        let process = Process()
        private let out = Pipe(), err = Pipe()
        private let group = DispatchGroup()
        private var outData = Data(), errData = Data()
        private let started = Date()

        init(_ args: [String], executable: String, environment: [String: String]?) throws {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = args
            if let environment { process.environment = environment }
            process.standardOutput = out
            process.standardError = err
            try process.run()
            group.enter()
            DispatchQueue.global().async {
                self.outData = self.out.fileHandleForReading.readDataToEndOfFile()
                self.group.leave()
            }
            group.enter()
            DispatchQueue.global().async {
                self.errData = self.err.fileHandleForReading.readDataToEndOfFile()
                self.group.leave()
            }
        }

        var pid: Int32 { process.processIdentifier }

        /// The processes descended from `parent`, children first (from
        /// /proc: each process's parent is the 4th field of its stat).
        static func descendants(of parent: Int32) -> [Int32] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            var parents: [Int32: Int32] = [:]
            for name in names {
                guard let pid = Int32(name),
                      let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 1, let ppid = Int32(fields[1]) { parents[pid] = ppid }
            }
            var found: [Int32] = []
            var frontier = [parent]
            while let next = frontier.popLast() {
                for (pid, ppid) in parents where ppid == next {
                    found.append(pid)
                    frontier.append(pid)
                }
            }
            return found
        }

        /// Waits up to `seconds`; a tool still running then is killed with
        /// whatever it started (SIGKILL, which no handler can delay: a tool
        /// run by `timeout` outlives it), and reported so.
        func wait(deadline seconds: Double) -> Ended {
            var killed = false
            while process.isRunning {
                if Date().timeIntervalSince(started) > seconds {
                    for child in Self.descendants(of: pid) { kill(child, SIGKILL) }
                    kill(pid, SIGKILL)
                    killed = true
                    break
                }
                usleep(20_000)
            }
            process.waitUntilExit()
            let elapsed = Date().timeIntervalSince(started)
            // A descendant still holding the pipes must not hang the test.
            if group.wait(timeout: .now() + 10) == .timedOut {
                for child in Self.descendants(of: pid) { kill(child, SIGKILL) }
                _ = group.wait(timeout: .now() + 10)
            }
            let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
            return Ended(result: Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                                        stderr: String(decoding: errData, as: UTF8.self)),
                         signal: signal, killedAtDeadline: killed, seconds: elapsed)
        }
    }

    /// Starts the tool (as `nobody`, when `unprivileged` and root) without
    /// waiting for it; `environment` replaces the inherited one.
    static func start(_ args: [String], unprivileged: Bool = false, environment: [String: String]? = nil) throws -> Running {
        guard unprivileged && isRoot else { return try Running(args, executable: path, environment: environment) }
        let env = (environment ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // setpriv execs the tool itself (pid kept), through env for the
        // variables it was given.
        return try Running(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--inh-caps=-all", "--reset-env", "--",
                            "/usr/bin/env"] + env + [try publicCopy.get()] + args,
                           executable: "/usr/bin/setpriv", environment: nil)
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pr-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}
