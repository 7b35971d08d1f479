import Foundation
import Testing

/// poppler-utils and qpdf, which read the PDFs back (tests only).
enum PDFTools {
    static let names = ["pdffonts", "pdfimages", "pdfinfo", "pdftotext", "qpdf"]
    static let available = names.allSatisfy { path(of: $0) != nil }
    static let skipMessage: Comment = "needs poppler-utils (pdffonts, pdfimages, pdfinfo, pdftotext) and qpdf: scripts/setup.sh --test"

    /// Runs `tool` with `arguments`; its standard output, or an error with
    /// its standard error when it exits non-zero.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try output(tool, arguments), as: UTF8.self)
    }

    /// Runs `tool` with `arguments`; its standard output as bytes.
    static func output(_ tool: String, _ arguments: [String]) throws -> Data {
        let result = try launch(try #require(path(of: tool), "\(tool) not installed"), arguments)
        guard result.status == 0 else { throw Failure(tool: tool, arguments: arguments, status: result.status, stderr: result.stderr) }
        return result.stdout
    }

    /// Runs an executable and collects its output and exit status.
    static func launch(_ executable: String, _ arguments: [String],
                       environment: [String: String]? = nil) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        // Standard error to a file: two pipes read one after the other
        // could block the tool on the second.
        let errPath = NSTemporaryDirectory() + "pdf-tool-\(UUID().uuidString).err"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return (process.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
    }

    struct Failure: Error, CustomStringConvertible {
        let tool: String, arguments: [String], status: Int32, stderr: String
        var description: String { "\(tool) \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
    }

    private static func path(of tool: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
