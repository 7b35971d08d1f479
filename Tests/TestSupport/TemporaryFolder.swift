import Foundation

/// A fresh folder under the system's temporary directory, removed with its
/// contents when the test is done.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("entries-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `relative` inside the folder.
    public func url(_ relative: String) -> String { path + "/" + relative }

    public func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: url(relative), withIntermediateDirectories: true)
    }

    public func write(_ relative: String, _ text: String) throws {
        try write(relative, Array(text.utf8))
    }

    public func write(_ relative: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: url(relative)))
    }

    /// A symbolic link at `relative` whose target is `target`, as written.
    public func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url(relative), withDestinationPath: target)
    }
}
