import PhotiCaseFileSystem
import PhotiCasePipeline
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP during `render`: the first asks the run to
/// stop (`StopRequest`: it finishes the items in progress, commits its
/// index and reports), a second one (of any of the three) ends the process
/// at once (the index is crash-safe; only the items in progress are lost).
/// Once the run has reported, the tool ends by the same signal, so a
/// calling shell or service manager sees what stopped it (128 + N).
///
/// A run that makes no progress after the first signal is blocked in a
/// system call that does not return (an open of a FIFO nobody writes, a
/// read from a hung network mount, a library waiting on something): the
/// handler cannot end that call (it is restarted, `SA_RESTART`, and the
/// run checks the request only between items). A watchdog thread, woken
/// by the first signal, ends the process by that signal once the run has
/// shown no sign of progress for `grace`, as a second signal would:
/// cron's `timeout` always ends a run. Progress is an event the run
/// reports (`beat`) or CPU time the process uses (planning a large book or
/// committing its index reports nothing for a while, but computes); a run
/// blocked in a system call does neither.
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

    /// Posted by the handler (`sem_post` is async-signal-safe) to wake the
    /// watchdog. Made before any handler is installed.
    nonisolated(unsafe) private static var wakeWatchdog: UnsafeMutablePointer<sem_t>?
    /// stderr as it was when the handlers were installed: fd 2 itself may
    /// be a pipe for a while (`Console.capturingStderr` around fontconfig's
    /// loading, which is where a FIFO as its configuration blocks), and
    /// the last line must reach the caller.
    nonisolated(unsafe) private static var stderrCopy: Int32 = STDERR_FILENO
    /// When the run last showed progress (monotonic nanoseconds).
    private static let lastBeat = Atomic<Int64>(0)

    /// How long a stopping run may show no progress before the watchdog
    /// ends it: the items in progress finish in a second or two, and each
    /// one that does is progress.
    static let grace: Int64 = 5_000_000_000
    /// CPU time the process must use in a tenth of a second (5% of a core)
    /// to count as progress; the watchdog's own wake-ups use microseconds.
    static let busy: Int64 = 5_000_000

    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers; returns the request they set.
    @discardableResult
    static func install(json: Bool) -> StopRequest {
        let request = StopRequest()
        Self.request = request
        let copy = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        if copy >= 0 { stderrCopy = copy }
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
        startWatchdog()
        for number in numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // The second request, whichever of the three and whichever
                // thread takes it, ends the process: the JSON stream's last
                // line, then the signal's default action (raised while it is
                // blocked in this handler, it is delivered on return).
                // write(2), signal(2) and raise(3) are async-signal-safe.
                let count = StopSignals.request?.request(signal: number) ?? 2
                if count >= 2 || StopSignals.endsAtOnce {
                    if let line = StopSignals.lastLines?[Int(number)] { _ = write(StopSignals.stderrCopy, line, strlen(line)) }
                    Glibc.signal(number, SIG_DFL)
                    raise(number)
                } else if let wake = StopSignals.wakeWatchdog {
                    sem_post(wake)
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

    /// Marks progress of the run (an event it reported): the watchdog lets
    /// a stopping run that shows progress finish.
    static func beat() {
        lastBeat.store(monotonicNow(), ordering: .relaxed)
    }

    private static func monotonicNow() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }

    /// The CPU time all the process's threads have used.
    private static func processCPU() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }

    /// Starts the watchdog thread, which sleeps until the first signal.
    private static func startWatchdog() {
        let wake = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(wake, 0, 0)
        wakeWatchdog = wake
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { _ in
            StopSignals.watch()
            return nil
        }, nil) == 0 else { return }
        pthread_detach(thread)
    }

    /// The watchdog's life: wait for the first signal, then end the
    /// process by it once the run has shown no progress for `grace`.
    private static func watch() {
        // The three signals go to the run's threads, never to this one.
        var stops = sigset_t()
        sigemptyset(&stops)
        for number in numbers { sigaddset(&stops, number) }
        pthread_sigmask(SIG_BLOCK, &stops, nil)
        guard let wake = wakeWatchdog else { return }
        while sem_wait(wake) != 0 {}
        guard let signal = request?.signal, !endsAtOnce else { return }
        beat()
        var used = processCPU()
        while monotonicNow() - lastBeat.load(ordering: .relaxed) < grace {
            usleep(100_000)
            let now = processCPU()
            if now - used >= busy { beat() }
            used = now
        }
        // Blocked: say so, in the stream's own terms, and end as a second
        // signal would. Written straight to the descriptor: the thread that
        // is blocked may hold the stream's lock (a full stderr pipe).
        let name = RunSummary.signalName(signal)
        let message = "ended by \(name): the run showed no progress for \(grace / 1_000_000_000) s after it "
            + "(blocked in a system call: a FIFO, a hung network file); what was committed is kept"
        var text = "photicase-render: \(message)\n"
        if Console.json {
            var line = JSONLine()
            line.add("event", "error")
            line.add("exit", Int(128 + signal))
            line.add("message", message)
            text = line.text + "\n"
        }
        _ = FileSystem.writeAll(Array(text.utf8), toDescriptor: stderrCopy)
        Glibc.signal(signal, SIG_DFL)
        // To the process: this thread blocks it, another takes it.
        kill(getpid(), signal)
        sleep(1)
        _exit(128 + signal)
    }

    /// From now on a signal ends the process at once (and one that came
    /// already does now).
    static func endAtOnce() {
        endsAtOnce = true
        if let signal = request?.signal {
            if let line = lastLines?[Int(signal)] { _ = write(StopSignals.stderrCopy, line, strlen(line)) }
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
