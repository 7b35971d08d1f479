/// Where cairo's bytes go: the caller's sink, and the first error it threw.
///
/// cairo's write callback can only answer "failed"; the sink's own error
/// is kept here so that `PDFWriter` can rethrow it with its message.
final class PDFStreamSink {
    private let body: (UnsafeRawBufferPointer) throws -> Void
    /// The first error the sink threw; nothing is written after it.
    private(set) var error: (any Error)?
    /// Set when the writer is dropped unfinished: cairo then finishes the
    /// surface itself, and the tail of an abandoned document must not
    /// reach the sink.
    var closed = false

    init(_ body: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.body = body
    }

    /// Passes `bytes` on; false once the sink has failed or was closed.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !closed, error == nil else { return false }
        do {
            try body(bytes)
            return true
        } catch {
            self.error = error
            return false
        }
    }
}
