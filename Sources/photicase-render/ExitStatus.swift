/// The tool's exit statuses; monitors and scripts rely on them.
enum ExitStatus: Int32 {
    /// Everything worked.
    case success = 0
    /// An input could not be read or decoded (or, for batch runs, some failed).
    case inputFailure = 1
    /// The command line or configuration is wrong.
    case usage = 2
    /// Another run holds the cache lock.
    case locked = 3
}
