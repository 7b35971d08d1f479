import CPhotiCaseShims
import PhotiCaseConcurrency

/// Hands a `StopSignal` to the C decoders as a `pr_stop`: they ask it
/// between rows and give up with `PR_STOPPED`, which the bindings throw as
/// `CodecError.stopped`. Without a signal `body` gets nil and the decode
/// runs to its end.
func withShimStop<T>(_ stop: StopSignal?, _ body: (UnsafePointer<pr_stop>?) throws -> T) rethrows -> T {
    guard let stop else { return try body(nil) }
    // The signal outlives the call (withExtendedLifetime), so the unretained
    // context the C side holds stays valid for as long as it can be asked.
    return try withExtendedLifetime(stop) {
        var hook = pr_stop(requested: { context in
            guard let context else { return 0 }
            return Unmanaged<StopSignal>.fromOpaque(context).takeUnretainedValue().isRaised ? 1 : 0
        }, context: Unmanaged.passUnretained(stop).toOpaque())
        return try withUnsafePointer(to: &hook) { try body($0) }
    }
}
