import Glibc

/// Wall time of a run's phases and the peak memory at each phase's end,
/// for the render log: where an unchanged book's rerun spends its time
/// and memory, without a profiler.
struct PhaseTimer {
    private var last = Clock.now()
    private var phases: [(name: String, seconds: Double, peakMiB: Int)] = []

    /// Ends the phase that began at the previous mark (or at creation).
    mutating func mark(_ name: String) {
        let now = Clock.now()
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        phases.append((name, now - last, usage.ru_maxrss / 1024))
        last = now
    }

    /// `discover=0.123s/31MiB load=0.456s/88MiB …`: seconds in the phase,
    /// and the process's peak resident memory so far.
    var line: String {
        phases.map { "\($0.name)=\(String(format: "%.3f", $0.seconds))s/\($0.peakMiB)MiB" }.joined(separator: " ")
    }
}
