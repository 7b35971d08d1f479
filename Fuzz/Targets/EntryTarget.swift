import PhotiCaseDiary

/// entry.json parsing with the editor state, through the loader the
/// product uses (no photo is read; paths are only resolved).
enum EntryTarget {
    static let loader = EntryLoader()

    static let entry = FuzzTarget(name: "entry", summary: "entry.json parsing and field checks") { input in
        _ = try? loader.parse(json: Array(input), folder: "/tmp/photicase-fuzz-entry", defaultID: "fuzz",
                              displayPath: "entry.json")
    }
}
