import PhotiCaseFileSystem

/// Which kinds of output a cache holds, so every run keeps the kinds made
/// from each other together (`Kinds.closure`): an empty marker file per
/// kind in `.kinds/`, made before the kind's first output is written and
/// removed by `clean`. Markers, not the index: every shard of a cache
/// sees the same ones, so shards that run with the same options make the
/// same kinds and link the same images.
extension CacheStore {
    static let kindsFolder = ".kinds"

    /// The kinds this cache holds: those with a marker, and, for a cache
    /// made before markers, those its index has rows of.
    func heldKinds(index: CacheIndex) -> Set<OutputKind> {
        var held = Set<OutputKind>()
        let marked = (try? root.folder(CacheStore.kindsFolder))?.listNames() ?? []
        for declaration in Kinds.all {
            if marked.contains(declaration.kind.rawValue) {
                held.insert(declaration.kind)
                continue
            }
            let hasRows = declaration.stamped.contains { stamped in
                var any = false
                try? index.forEachOutputRow(in: stamped.range, limit: 64) { path, _, _, _ in
                    any = stamped.accepts(path)
                    return !any
                }
                return any
            }
            if hasRows { held.insert(declaration.kind) }
        }
        return held
    }

    /// Marks `kinds` as held (a marker that cannot be written is left: the
    /// index's rows stand in for it).
    func markKinds(_ kinds: Set<OutputKind>) {
        let marked = (try? root.folder(CacheStore.kindsFolder))?.listNames() ?? []
        for kind in kinds where !marked.contains(kind.rawValue) {
            try? write(CacheStore.kindsFolder + "/" + kind.rawValue, bytes: [])
        }
    }

    /// Removes the markers (`clean`, which empties the cache).
    func removeKindMarkers() {
        guard let folder = try? root.folder(CacheStore.kindsFolder) else { return }
        for name in folder.listNames() { _ = try? folder.remove(name) }
        _ = root.removeFolderIfEmpty(CacheStore.kindsFolder)
    }
}

extension Directory {
    /// The names of the regular files in this folder ([] when it cannot be listed).
    func listNames() -> Set<String> {
        Set(((try? list()) ?? []).filter { $0.kind == .regular }.map(\.name))
    }
}
