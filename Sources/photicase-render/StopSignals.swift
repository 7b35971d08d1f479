import Pipeline
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP during `render`: the first asks the run to
/// stop (`StopRequest`: it finishes the items in progress, commits its
/// index and reports), a second one (of any of the three) ends the process
/// at once (the index is crash-safe; only the items in progress are lost).
/// Once the run has reported, the tool ends by the same signal, so a
/// calling shell or service manager sees what stopped it (128 + N).
enum StopSignals {
    /// The one request the handler sets. Made before any handler is
    /// installed: a handler must not run a global's lazy initialisation.
    nonisolated(unsafe) private(set) static var request: StopRequest?
    /// Set for a run that writes nothing (a dry run): a signal then ends
    /// the process at once, as it would any read-only command.
    nonisolated(unsafe) private static var endsAtOnce = false
    /// With `--progress json`, the line the handler writes before it ends
    /// the process, by signal number: made beforehand, since a handler
    /// may only write bytes, not build them.
    nonisolated(unsafe) private static var lastLines: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers; returns the request they set.
    @discardableResult
    static func install(json: Bool) -> StopRequest {
        let request = StopRequest()
        Self.request = request
        if json {
            let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 32)
            table.initialize(repeating: nil, count: 32)
            for number in numbers {
                let line = #"{"event":"error","exit":\#(128 + number),"message":"ended by \#(RunSummary.signalName(number)) "#
                    + #"before the run could finish"}"# + "\n"
                table[Int(number)] = strdup(line)
            }
            lastLines = table
        }
        // A parent may hand down a mask that blocks them (a test runner's
        // thread, some service managers): a blocked SIGTERM would stay
        // pending while the run went on to its end. Threads started from
        // here on inherit the unblocked mask.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in numbers { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for number in numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // The second request, whichever of the three and whichever
                // thread takes it, ends the process: the JSON stream's last
                // line, then the signal's default action (raised while it is
                // blocked in this handler, it is delivered on return).
                // write(2), signal(2) and raise(3) are async-signal-safe.
                if (StopSignals.request?.request(signal: number) ?? 2) >= 2 || StopSignals.endsAtOnce {
                    if let line = StopSignals.lastLines?[Int(number)] { _ = write(STDERR_FILENO, line, strlen(line)) }
                    Glibc.signal(number, SIG_DFL)
                    raise(number)
                }
            }
            // System calls the signal interrupts are restarted: a library
            // reading a file must not see EINTR as a failure.
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESTART)
            // The three are blocked while the handler runs, so one that
            // comes during it is delivered after the defaults are back
            // (and ends the process) rather than into a second handler.
            action.sa_mask = unblock
            sigaction(number, &action, nil)
        }
        return request
    }

    /// From now on a signal ends the process at once (and one that came
    /// already does now).
    static func endAtOnce() {
        endsAtOnce = true
        if let signal = request?.signal {
            if let line = lastLines?[Int(signal)] { _ = write(STDERR_FILENO, line, strlen(line)) }
            end(by: signal)
        }
    }

    /// Ends the process by `signal`, its default action.
    static func end(by signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
        // Not reached: the default action of these signals ends the process.
        exit(128 + signal)
    }
}
