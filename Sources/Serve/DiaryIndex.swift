import Diary
import FileSystem
import Foundation
import Pipeline

/// The diary's entries by id, as `render` finds them (`BookLoader`): a
/// request's id is looked up here, never joined into a path. An id not
/// found lists the diary again, at most once a second, so a new entry is
/// served without a restart and a flood of unknown ids costs one listing
/// a second.
final class DiaryIndex: @unchecked Sendable {
    private let root: String, cache: String
    private let kinds: [EntryKind]?
    private let lock = NSLock()
    private var folders: [String: String] = [:]
    private var listed = 0.0

    init(root: String, cache: String, kinds: [EntryKind]?) throws {
        self.root = root
        self.cache = cache
        self.kinds = kinds
        try list()
    }

    func folder(of id: String) -> String? {
        let composed = id.precomposedStringWithCanonicalMapping
        lock.lock()
        defer { lock.unlock() }
        if let folder = folders[composed] { return folder }
        guard monotonicSeconds() - listed > 1 else { return nil }
        try? listLocked()
        return folders[composed]
    }

    func forget(_ id: String) {
        lock.withLock { folders[id.precomposedStringWithCanonicalMapping] = nil }
    }

    private func list() throws {
        lock.lock()
        defer { lock.unlock() }
        try listLocked()
    }

    private func listLocked() throws {
        listed = monotonicSeconds()
        do throws(PipelineError) {
            let book = try BookLoader.entries(in: root, excluding: cache, jobs: 2, loadEntry: diaryEntryLoading(kinds: kinds))
            // `render` follows a linked entry folder wherever it lands; a
            // service answers only for what lies inside the diary.
            let inside = (FileSystem.realPath(root) ?? root) + "/"
            folders = Dictionary(book.entries.filter { (FileSystem.realPath($0.folder) ?? "").hasPrefix(inside) }
                                     .map { ($0.id, $0.folder) }, uniquingKeysWith: { first, _ in first })
        } catch {
            throw ServeError(description: "\(error)")
        }
    }
}
