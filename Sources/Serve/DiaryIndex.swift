import PhotiCaseConcurrency
import PhotiCaseDiary
import PhotiCaseFileSystem
import Foundation
import PhotiCasePipeline

/// Where an entry folder lies in the diary: its path below the diary (what
/// a request opens, relative to the diary's own handle), the id it has
/// when its entry.json gives none, and its path for messages.
struct EntryPlace: Hashable, Sendable {
    /// Below the diary, `.` when the diary is itself the entry.
    var relative: String
    var defaultID: String
    var display: String
}

/// The diary's entries by id, as `render` finds them (`BookLoader`): a
/// request's id is looked up here, never joined into a path, and the
/// folders found are only where to look: each request reads the entry
/// again through the diary's handle (`EntryReader`) and keeps it only if
/// its entry.json gives that id now.
///
/// Besides the entries it keeps what `render` reports: a folder whose
/// entry.json cannot be read is found under its default id (a request
/// gets 422 naming the file), and folders that share an id are all kept
/// under it (409 naming them). An id not found lists the diary again, at
/// most once a second, so a new entry is served without a restart and a
/// flood of unknown ids costs one listing a second; a request that finds
/// the index out of date (an id edited, traded or moved) lists it at once.
final class DiaryIndex: Sendable {
    /// The diary, opened once: every request reaches its entries through
    /// this handle, whatever is renamed or linked over the diary's path.
    let root: Directory
    let rootPath: String
    private let cache: String
    private let kinds: [EntryKind]?

    private struct Listing {
        var places: [String: [EntryPlace]] = [:]
        /// When the listing in `places` began (monotonic seconds).
        var began = -Double.infinity
    }
    private let listing = Locked(Listing())
    /// Held while the diary is listed: one listing at a time, the lookups
    /// meanwhile answered from the last one.
    private let lister = Locked(())

    init(root: String, cache: String, kinds: [EntryKind]?) throws {
        let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        rootPath = trimmed
        self.cache = cache
        self.kinds = kinds
        do throws(FileSystemError) {
            self.root = try Directory.open(trimmed)
        } catch {
            throw ServeError(description: "cannot open the diary: \(error)")
        }
        try list(since: -.infinity, throwing: true)
    }

    /// The folders the last listing found for `id`. An id not found lists
    /// the diary again first when the last listing is over a second old.
    func places(of id: String) -> [EntryPlace] {
        let key = Entry.spelling(ofID: id)
        let (found, began) = listing.withLock { ($0.places[key] ?? [], $0.began) }
        if !found.isEmpty { return found }
        guard monotonicSeconds() - began > 1 else { return [] }
        try? list(since: began + 1, throwing: false)
        return listing.withLock { $0.places[key] ?? [] }
    }

    /// Lists the diary again unless a listing began after `seen` (the
    /// moment the caller saw the index out of date): requests that find
    /// the same change share one listing.
    func refresh(after seen: Double) {
        try? list(since: seen, throwing: false)
    }

    private func list(since: Double, throwing: Bool) throws {
        try lister.withLock { _ in
            guard listing.withLock({ $0.began }) < since || since == -.infinity else { return }
            let began = monotonicSeconds()
            let found: [String: [EntryPlace]]
            do {
                found = try listPlaces()
            } catch {
                if throwing { throw error }
                return
            }
            listing.withLock { $0 = Listing(places: found, began: began) }
        }
    }

    private func listPlaces() throws -> [String: [EntryPlace]] {
        let book: (entries: [Entry], failures: [(folder: String, failure: ItemFailure)])
        do throws(PipelineError) {
            book = try BookLoader.entries(in: rootPath, excluding: cache, jobs: 2, loadEntry: diaryEntryLoading(kinds: kinds))
        } catch {
            throw ServeError(description: "\(error)")
        }
        var places: [String: [EntryPlace]] = [:]
        func add(_ id: String, folder: String) {
            guard let relative = relative(folder) else { return }
            let place = EntryPlace(relative: relative, defaultID: defaultID(relative), display: folder)
            // `render` follows a linked entry folder wherever it lands; a
            // service answers only for what lies inside the diary.
            guard (try? root.folderBeneath(relative, display: folder)) != nil else { return }
            places[Entry.spelling(ofID: id), default: []].append(place)
        }
        for entry in book.entries { add(entry.id, folder: entry.folder) }
        for (folder, failure) in book.failures {
            // Each folder of a shared id is a failure of that id; any other
            // failure is known by the folder's default id (`item`).
            add(failure.item, folder: folder)
        }
        return places
    }

    /// `folder` (as the listing spells it) below the diary.
    private func relative(_ folder: String) -> String? {
        if folder == rootPath { return "." }
        // Below "." the walk spells folders without a "./".
        if rootPath == "." { return folder.hasPrefix("/") ? nil : folder }
        let prefix = rootPath == "/" ? "/" : rootPath + "/"
        guard folder.hasPrefix(prefix) else { return nil }
        return String(folder.dropFirst(prefix.count))
    }

    /// The id of the entry at `relative` when its entry.json gives none,
    /// as `render` gives it (the folder's path below the diary, or the
    /// diary's own name when it is the entry).
    func defaultID(_ relative: String) -> String {
        guard relative == "." else { return Entry.spelling(ofID: relative) }
        let name = rootPath.split(separator: "/").last.map(String.init) ?? rootPath
        return Entry.spelling(ofID: name)
    }
}
