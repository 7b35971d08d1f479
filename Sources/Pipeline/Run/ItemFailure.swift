/// Why one item of a run failed, kept as a value (stage, item, error)
/// until it is printed, so callers can tell a read failure from a render
/// or write failure without parsing text.
public struct ItemFailure: Error, Sendable, CustomStringConvertible {
    /// Where in the run it failed.
    public enum Stage: String, Sendable {
        /// A folder below ENTRIES could not be listed.
        case discover
        /// entry.json could not be read or is invalid.
        case load
        /// A photo could not be read.
        case read
        /// Drawing or encoding failed.
        case render
        /// The output could not be written into the cache.
        case write
    }

    public var stage: Stage
    /// The item's id (entry id, `days/…`, `months/…`, or a folder).
    public var item: String
    /// The underlying typed error; its text names the file and the reason.
    public var error: any Error & Sendable

    public init(stage: Stage, item: String, error: any Error & Sendable) {
        self.stage = stage
        self.item = item
        self.error = error
    }

    /// The error's text, which names the file and the reason; a write
    /// failure says it was the cache that could not be written (the path
    /// alone may name a folder of the cache).
    public var description: String { stage == .write ? "cannot write into the cache: \(error)" : "\(error)" }
}
