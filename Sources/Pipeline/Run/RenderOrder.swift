import PhotiCaseDiary

/// The order a run renders its items in.
///
/// By phase (`Phase`): drawn items, then those composed of what they drew
/// (months of days, book pages and years of faces: each finds its parts
/// written), then the site's pages, which link them all (a page on disk,
/// served while a run goes on or left by a killed run, never links an
/// image not written yet). Within the drawn phase, items are ordered by
/// the day they show: a date's tickets come right before its day
/// thumbnail, so the two consumers of a front photo run next to each
/// other (on the `--jobs` threads at once, or one after the other) and a
/// photo that cannot shrink on load is still in the `DecodedPhotoCache`
/// when its day asks for it. In the later phases the items of kinds that
/// start first (`startsFirstInPhase`, a year's image) come first: the
/// longest first, so the phase does not end with one of them running
/// alone. The order changes no output: every item depends only on its
/// inputs and on items of an earlier phase.
enum RenderOrder {
    /// `items` in rendering order; items of one phase and date keep the
    /// order given.
    static func ordered(_ items: [WorkItem]) -> [WorkItem] {
        let phase = items.map { $0.kind.declaration.phase }
        let first = items.map { $0.kind.declaration.startsFirstInPhase }
        return items.indices.sorted { a, b in
            if phase[a] != phase[b] { return phase[a] < phase[b] }
            if phase[a] != .drawn, first[a] != first[b] { return first[a] }
            if phase[a] == .drawn, let da = items[a].date, let db = items[b].date, da != db { return da < db }
            if phase[a] == .drawn, (items[a].date == nil) != (items[b].date == nil) { return items[a].date != nil }
            return a < b
        }.map { items[$0] }
    }

    /// Where each phase of `ordered` items begins and ends. A phase starts
    /// once the one before has finished.
    static func phases(_ ordered: [WorkItem]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < ordered.count {
            let phase = ordered[start].kind.declaration.phase
            var end = start + 1
            while end < ordered.count && ordered[end].kind.declaration.phase == phase { end += 1 }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// How many times `items` load each photo, for the photos loaded more
    /// than once (a day shows at most its layout's cells, so with many
    /// entries a photo may be counted once more than it is loaded; the
    /// cache's own bounds cover that).
    static func photoLoads(_ items: [WorkItem]) -> [String: Int] {
        var loads: [String: Int] = [:]
        for item in items {
            for path in item.kind.declaration.photos(item) { loads[path, default: 0] += 1 }
        }
        return loads.filter { $0.value > 1 }
    }
}
