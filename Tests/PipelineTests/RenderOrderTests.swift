import PhotiCaseHashing
import Testing
import PhotiCaseCards
import PhotiCaseDiary
@testable import PhotiCasePipeline

/// Drawn items go by date (a date's tickets right before its day), composed
/// items after them, the site's pages last.
@Suite struct RenderOrderTests {
    static func entry(_ id: String, _ date: String) -> Entry {
        Entry(id: id, folder: "/book/\(id)", title: id, date: CalendarDate(date)!, rating: 3)
    }

    static func tickets(_ entry: Entry) -> WorkItem {
        let e = RunEntry(entry: entry, canonicalFolder: entry.folder, jsonHash: Digest.of([]))
        return WorkItem(kind: .tickets, id: entry.id, owner: .entry(entry.id), outputs: [], payload: e, date: entry.date)
    }

    static func day(_ entries: [Entry]) -> WorkItem {
        let date = entries[0].date
        return WorkItem(kind: .days, id: "days/\(date)", owner: .day(date), outputs: [],
                        payload: DayTileInput(entries, side: 64), date: date)
    }

    static func month(_ text: String) -> WorkItem {
        WorkItem(kind: .months, id: "months/\(text)", owner: .month(MonthKey(text)!), outputs: [], payload: 0)
    }

    static func page(_ path: String) -> WorkItem {
        WorkItem(kind: .site, id: path, owner: .site, outputs: [], payload: 0)
    }

    @Test func ticketsGoRightBeforeTheirDay() {
        let a = Self.entry("a", "2024-03-01"), b = Self.entry("b", "2024-03-02")
        let c = Self.entry("c", "2024-03-01"), d = Self.entry("d", "2024-03-09")
        let items = [Self.page("index.html"), Self.tickets(a), Self.tickets(b), Self.tickets(c), Self.tickets(d),
                     Self.day([a, c]), Self.month("2024-03"), Self.day([b])]
        // d's day is not rendered (held, or not asked for): d goes by its date.
        #expect(RenderOrder.ordered(items).map(\.id)
                == ["a", "c", "days/2024-03-01", "b", "days/2024-03-02", "d", "months/2024-03", "index.html"])
        #expect(RenderOrder.phases(RenderOrder.ordered(items)) == [0..<6, 6..<7, 7..<8])
    }

    @Test func withoutDaysTheOrderIsThePlans() {
        let items = ["x", "y", "z"].map { Self.tickets(Self.entry($0, "2024-01-01")) }
        #expect(RenderOrder.ordered(items).map(\.id) == ["x", "y", "z"])
    }

    /// A front photo is loaded by its ticket and its day; a back photo, and
    /// a front whose day is not rendered, once (left out).
    @Test func photoLoadsCountTicketsAndDays() {
        var a = Self.entry("a", "2024-03-01"), b = Self.entry("b", "2024-03-02")
        a.front = FacePhoto(name: "front.heic", path: "/book/a/front.heic")
        a.back = FacePhoto(name: "back.heic", path: "/book/a/back.heic")
        b.front = FacePhoto(name: "front.heic", path: "/book/b/front.heic")
        let items = [Self.tickets(a), Self.tickets(b), Self.day([a])]
        #expect(RenderOrder.photoLoads(items) == ["/book/a/front.heic": 2])
    }
}
