import Foundation
import Testing

/// The shared test-image corpus (../shared/corpus beside the package, or
/// $PHOTICASE_CORPUS). Tests that need it are disabled, with this message,
/// when it is absent, as in a user's fresh clone.
public enum Corpus {
    public static let skipMessage: Comment = "../shared/corpus not found (set PHOTICASE_CORPUS): corpus tests skipped"

    public static let root: String? = {
        if let env = ProcessInfo.processInfo.environment["PHOTICASE_CORPUS"] {
            return FileManager.default.fileExists(atPath: env) ? env : nil
        }
        let candidate = packageRoot + "/../shared/corpus"
        return FileManager.default.fileExists(atPath: candidate + "/MANIFEST.tsv")
            ? URL(fileURLWithPath: candidate).standardizedFileURL.path : nil
    }()

    public static var available: Bool { root != nil }

    /// The package root, from this file's location.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // file, TestSupport, Tests
        return url.path
    }()

    public static func path(_ relative: String) -> String { (root ?? "/nonexistent-corpus") + "/" + relative }

    /// Files under `folder` (relative), recursively, whose names end in one
    /// of `extensions` (empty: all files), sorted. Empty without a corpus.
    public static func files(in folder: String, extensions: [String] = []) -> [String] {
        guard let root else { return [] }
        let base = root + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var out: [String] = []
        for case let rel as String in walker {
            let full = base + "/" + rel
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue else { continue }
            if extensions.isEmpty || extensions.contains(where: { rel.lowercased().hasSuffix("." + $0) }) {
                out.append(folder + "/" + rel)
            }
        }
        return out.sorted()
    }

    /// MANIFEST.tsv rows by path: format, status, size.
    public static let manifest: [String: (format: String, status: String, size: String)] = {
        guard let root, let text = try? String(contentsOfFile: root + "/MANIFEST.tsv", encoding: .utf8) else { return [:] }
        var rows: [String: (String, String, String)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if f.count >= 6 { rows[f[0]] = (f[3], f[4], f[5]) }
        }
        return rows
    }()
}
