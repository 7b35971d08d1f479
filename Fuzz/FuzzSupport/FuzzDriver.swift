import CShims
#if canImport(Glibc)
import Glibc
#endif

/// Hands control to libFuzzer with `body` as the test function. Each fuzz
/// target is a plain executable whose main calls this, so SwiftPM's
/// executable linking works unchanged.
public enum FuzzDriver {
    nonisolated(unsafe) static var body: ((UnsafeRawBufferPointer) -> Void)?

    public static func run(_ body: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        FuzzDriver.body = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput))
    }
}

/// libFuzzer's runtime refers to this name even when its driver is called
/// directly; it runs the registered body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzDriver.body?(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
