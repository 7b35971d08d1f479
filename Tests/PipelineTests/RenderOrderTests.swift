import Testing
import Diary
@testable import Pipeline

/// Each date's tickets come right before that date's day; tickets without
/// a rendered day keep their place; composed items stay last.
@Suite struct RenderOrderTests {
    static func entry(_ id: String, _ date: String) -> Entry {
        Entry(id: id, folder: "/book/\(id)", title: id, date: CalendarDate(date)!, rating: 3)
    }

    static func item(_ kind: WorkItem.Kind, _ id: String) -> WorkItem {
        WorkItem(kind: kind, id: id, outputs: [], fingerprint: "", owner: id)
    }

    @Test func ticketsGoRightBeforeTheirDay() {
        let a = Self.entry("a", "2024-03-01"), b = Self.entry("b", "2024-03-02")
        let c = Self.entry("c", "2024-03-01"), d = Self.entry("d", "2024-03-09")
        let month = MonthKey(CalendarDate("2024-03-01")!)
        let items = [
            Self.item(.tickets(a), "a"), Self.item(.tickets(b), "b"), Self.item(.tickets(c), "c"),
            Self.item(.tickets(d), "d"),
            Self.item(.day(a.date, [a, c]), "days/2024-03-01"), Self.item(.day(b.date, [b]), "days/2024-03-02"),
            Self.item(.month(month, [1: [a, c], 2: [b]]), "months/2024-03"),
        ]
        // d's day is not rendered (held, or not asked for): d keeps its place.
        #expect(RenderOrder.ordered(items).map(\.id)
                == ["d", "a", "c", "days/2024-03-01", "b", "days/2024-03-02", "months/2024-03"])
    }

    @Test func withoutDaysTheOrderIsThePlans() {
        let items = ["x", "y", "z"].map { Self.item(.tickets(Self.entry($0, "2024-01-01")), $0) }
        #expect(RenderOrder.ordered(items).map(\.id) == ["x", "y", "z"])
    }

    /// A front photo is loaded by its ticket and its day; a back photo, and
    /// a front whose day is not rendered, once (left out).
    @Test func photoLoadsCountTicketsAndDays() {
        var a = Self.entry("a", "2024-03-01"), b = Self.entry("b", "2024-03-02")
        a.front = FacePhoto(name: "front.heic", path: "/book/a/front.heic")
        a.back = FacePhoto(name: "back.heic", path: "/book/a/back.heic")
        b.front = FacePhoto(name: "front.heic", path: "/book/b/front.heic")
        let items = [Self.item(.tickets(a), "a"), Self.item(.tickets(b), "b"),
                     Self.item(.day(a.date, [a]), "days/2024-03-01")]
        #expect(RenderOrder.photoLoads(items) == ["/book/a/front.heic": 2])
    }
}
