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

    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers; returns the request they set.
    @discardableResult
    static func install() -> StopRequest {
        let request = StopRequest()
        Self.request = request
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
                // Any later one of them takes the default action (the
                // process ends): a Ctrl-C after a SIGTERM too. signal(2)
                // and raise(3) are async-signal-safe.
                Glibc.signal(SIGINT, SIG_DFL)
                Glibc.signal(SIGTERM, SIG_DFL)
                Glibc.signal(SIGHUP, SIG_DFL)
                // Another thread may have taken a second signal before the
                // defaults were back: it ends the process all the same (the
                // signal, blocked in this handler, is delivered on return).
                if (StopSignals.request?.request(signal: number) ?? 2) >= 2 || StopSignals.endsAtOnce { raise(number) }
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
        if let signal = request?.signal { end(by: signal) }
    }

    /// Ends the process by `signal`, its default action.
    static func end(by signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
        // Not reached: the default action of these signals ends the process.
        exit(128 + signal)
    }
}
