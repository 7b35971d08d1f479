import Diary

/// The order a run renders its items in.
///
/// Months, book pages and years are composed from day thumbnails and front
/// faces: they go last, so each finds what it reuses written. Before them,
/// each date's ticket items come right before that date's day thumbnail:
/// the two consumers of a front photo then run next to each other (on the
/// `--jobs` threads at once, or one after the other), so a photo that
/// cannot shrink on load is still in the `DecodedPhotoCache` when its day
/// asks for it. Tickets of entries whose day is not rendered keep their
/// place. Site pages go after everything: a page links the images, so a
/// page on disk (served while a run goes on, or left by a killed run)
/// never links one that is not written yet. The order changes no output:
/// every item depends only on its inputs and on items of an earlier phase.
enum RenderOrder {
    /// `items` in rendering order: tickets gathered before their day, then
    /// the composed items, then the site's pages, each group otherwise in
    /// the order given.
    static func ordered(_ items: [WorkItem]) -> [WorkItem] {
        let drawn = items.filter { !$0.isComposed && !$0.isSitePage }
        var days = Set<CalendarDate>()
        for item in drawn {
            if case let .day(date, _) = item.kind { days.insert(date) }
        }
        var ticketsByDate: [CalendarDate: [WorkItem]] = [:]
        var ordered: [WorkItem] = []
        ordered.reserveCapacity(items.count)
        for item in drawn {
            if case let .tickets(entry) = item.kind, days.contains(entry.date) {
                ticketsByDate[entry.date, default: []].append(item)
            }
        }
        for item in drawn {
            switch item.kind {
            case let .tickets(entry) where days.contains(entry.date):
                continue
            case let .day(date, _):
                ordered += ticketsByDate[date] ?? []
                ordered.append(item)
            default:
                ordered.append(item)
            }
        }
        return ordered + items.filter(\.isComposed) + items.filter(\.isSitePage)
    }

    /// Where each phase of `ordered` items begins: drawn items, composed
    /// ones, site pages. A phase starts once the one before has finished.
    static func phases(_ ordered: [WorkItem]) -> [Range<Int>] {
        let composed = ordered.firstIndex(where: { $0.isComposed || $0.isSitePage }) ?? ordered.count
        let site = ordered.firstIndex(where: \.isSitePage) ?? ordered.count
        return [0..<composed, composed..<site, site..<ordered.count].filter { !$0.isEmpty }
    }

    /// How many times `items` load each photo, for the photos loaded more
    /// than once: a ticket item loads its front and back photos, a day
    /// thumbnail the front photos of its entries. (A day shows at most
    /// its layout's cells, so with many entries a photo may be counted
    /// once more than it is loaded; the cache's own bounds cover that.)
    static func photoLoads(_ items: [WorkItem]) -> [String: Int] {
        var loads: [String: Int] = [:]
        for item in items {
            switch item.kind {
            case let .tickets(entry):
                for path in [entry.front?.path, entry.back?.path].compactMap({ $0 }) { loads[path, default: 0] += 1 }
            case let .day(_, entries):
                for path in entries.compactMap(\.front?.path) { loads[path, default: 0] += 1 }
            default:
                break
            }
        }
        return loads.filter { $0.value > 1 }
    }
}
