#if canImport(Glibc)
import Glibc
#endif

/// A crash of any command (a bug: a fault, a trap, an abort). Under
/// `--progress json` the stream's consumer (an app, a cron wrapper) reads
/// JSON lines, and a crash report is plain text: the handler writes one
/// last JSON line, `{"event":"error","exit":128+N,"message":"…crashed…"}`.
/// Then it hands the signal to whatever handled it before (the Swift
/// runtime's backtracer, which prints the crash report) or to its default
/// action, so the process still ends by the signal, with its report.
/// One of these signals sent by another process (`kill -SEGV`) is not a
/// crash: the process ends by it at once, in every progress mode and
/// every command (the runtime's reporter would print a report and let the
/// command go on and write its output).
enum CrashSignals {
    static let numbers: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// The lines for each signal number, made beforehand: a handler may
    /// only write bytes, not build them. `crashed` for a crash, `sent` for
    /// one of these signals sent by another process (`kill -SEGV`).
    nonisolated(unsafe) private static var crashed: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var sent: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    /// The action each signal had before, put back by the handler.
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>?
    /// Set by the first crash: one line, however many threads fault.
    nonisolated(unsafe) private static var written: sig_atomic_t = 0
    /// stderr as it was at `install`: fd 2 itself may be a pipe for a
    /// while (`Console.capturingStderr` around fontconfig's loading, on
    /// another thread), and the last line must reach the caller.
    nonisolated(unsafe) private static var stderrCopy: Int32 = STDERR_FILENO

    /// Installs the handlers (call once); `json` writes the lines.
    static func install(json: Bool) {
        func table() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
            let t = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 32)
            t.initialize(repeating: nil, count: 32)
            return t
        }
        let crashed = table(), sent = table()
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
        previous.initialize(repeating: sigaction(), count: 32)
        for number in numbers {
            let name = String(cString: strsignal(number))
            let head = #"{"event":"error","exit":\#(128 + number),"message":"photicase-render "#
            crashed[Int(number)] = strdup(head + #"crashed (signal \#(number), \#(name)); this is a bug: please "#
                                          + #"report it with the text that follows"}"# + "\n")
            sent[Int(number)] = strdup(head + #"ended by signal \#(number) (\#(name)) sent by another process"}"#
                                       + "\n")
        }
        if json { (Self.crashed, Self.sent) = (crashed, sent) }
        let copy = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        if copy >= 0 { stderrCopy = copy }
        Self.previous = previous
        for number in numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, info, _ in
                // write(2), getpid(2), sigaction(2), signal(2) and raise(3)
                // are async-signal-safe.
                let code = info?.pointee.si_code ?? 0
                let fromElsewhere = code <= 0 && info?.pointee._sifields._kill.si_pid != getpid()
                if CrashSignals.written == 0,
                   let line = (fromElsewhere ? CrashSignals.sent : CrashSignals.crashed)?[Int(number)] {
                    CrashSignals.written = 1
                    _ = write(CrashSignals.stderrCopy, line, strlen(line))
                }
                if fromElsewhere {
                    // Not a crash: no report, the signal's default action
                    // (a crash reporter would print one and carry on).
                    Glibc.signal(number, SIG_DFL)
                    raise(number)
                    return
                }
                if let previous = CrashSignals.previous { sigaction(number, previous + Int(number), nil) }
                // A fault the processor raised happens again on return, now
                // into the previous handler. One the process raised itself
                // (abort) is raised again: blocked while this handler runs,
                // it is delivered to the previous handler on return.
                if code <= 0 { raise(number) }
            }
            action.sa_flags = Int32(truncatingIfNeeded: SA_SIGINFO)
            sigaction(number, &action, previous + Int(number))
        }
    }
}
