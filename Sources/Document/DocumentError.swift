/// Why a PDF could not be written or finished.
///
/// Each case carries the library's own message together with what was
/// being done when it failed, so a log line names both.
public enum DocumentError: Error, CustomStringConvertible, Sendable, Equatable {
    /// cairo reported an error: what was being done, then
    /// `cairo_status_to_string`'s text.
    case cairo(String)
    /// qpdf reported an error or a warning (`qpdf_get_error_full_text`,
    /// which names the file and the position in it).
    case qpdf(String)
    /// The sink the PDF was streamed to threw; its message.
    case write(String)

    public var description: String {
        switch self {
        case let .cairo(message): "cairo could not write the PDF: \(message)"
        case let .qpdf(message): "qpdf could not finish the PDF: \(message)"
        case let .write(message): "the PDF could not be written: \(message)"
        }
    }
}
