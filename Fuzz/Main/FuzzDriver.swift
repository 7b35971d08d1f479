import CPhotiCaseShims
import PhotiCaseFuzzTargets
#if canImport(Glibc)
import Glibc
#endif

/// Hands control to libFuzzer's driver with one target's `run` as the test
/// function, so the fuzzer is a plain executable (SwiftPM links it as any
/// other) and libFuzzer's own `main` is never linked.
enum FuzzDriver {
    nonisolated(unsafe) static var target: FuzzTarget?

    static func run(_ target: FuzzTarget, argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
        -> Never {
        FuzzDriver.target = target
        target.prepare()
        var argc = argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
    }
}

/// libFuzzer's runtime refers to this name even when its driver is called
/// directly; it runs the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.target?.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
