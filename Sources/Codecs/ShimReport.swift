import CPhotiCaseShims
import PhotiCaseConcurrency

// Reading the fixed-size report the C shims fill in.
extension pr_report {
    /// The error message, as text.
    var messageText: String {
        var copy = message
        return withUnsafeBytes(of: &copy) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The warnings, as text: the first one in full, then how many more.
    var warningTexts: [String] {
        guard warnings > 0 else { return [] }
        var copy = warning
        let first = withUnsafeBytes(of: &copy) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return warnings == 1 ? [first] : [first, "and \(warnings - 1) more warnings"]
    }

    /// The Swift error for a failed shim call, nil for success.
    /// `stop` is the signal the call was given: PR_STOPPED is thrown with
    /// its reason.
    func error(for status: pr_status, format: ImageFormat, bytes: Int, stop: StopSignal? = nil) -> CodecError? {
        switch status {
        case PR_OK: nil
        case PR_STOPPED: .stopped(stop?.reason ?? .cancelled)
        case PR_ERR_TRUNCATED: .truncated(format, bytes: bytes)
        case PR_ERR_UNSUPPORTED: .unsupported(format, messageText)
        case PR_ERR_LIMIT: .limitExceeded(format, messageText)
        case PR_ERR_MEMORY: .outOfMemory
        default: .corrupt(format, messageText)
        }
    }
}
