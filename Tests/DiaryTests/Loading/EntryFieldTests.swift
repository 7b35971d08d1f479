import Testing
@testable import PhotiCaseDiary
import PhotiCaseRaster

/// Valid entries and the defaults of absent fields.
struct EntryFieldTests {
    @Test func readsEveryField() throws {
        let text = """
        {
          "title": "<b>헤어질</b> 결심 &amp;",
          "date": "2022-08-27",
          "rating": 4.5,
          "kind": "performance",
          "director": "박찬욱", "year": 2022,
          "friends": ["민수", "지영"],
          "memo": "긴 메모\\n둘째 줄",
          "id": "decision"
        }
        """
        let entry = try parseEntry(text)
        #expect(entry == Entry(id: "decision", folder: "/nonexistent/2022-08-27-decision",
                               title: "<b>헤어질</b> 결심 &amp;", date: CalendarDate(year: 2022, month: 8, day: 27)!,
                               rating: 4.5, kind: .performance, director: "박찬욱", year: 2022,
                               friends: ["민수", "지영"], memo: "긴 메모\n둘째 줄"))
    }

    @Test func withoutBackTextKeepsWhatDaysShow() throws {
        var entry = Entry(id: "d", folder: "/f", title: "결심", date: CalendarDate(year: 2022, month: 8, day: 27)!,
                          rating: 4.5, kind: .book, director: "박찬욱", year: 2022, friends: ["민수"], memo: "메모",
                          front: FacePhoto(name: "a.jpg", path: "/f/a.jpg"), back: FacePhoto(name: "b.jpg", path: "/f/b.jpg"))
        entry.author = "작가"
        let lean = entry.withoutBackText()
        #expect(lean.memo == nil && lean.director == nil && lean.author == nil && lean.friends.isEmpty)
        #expect(lean.id == "d" && lean.folder == "/f" && lean.title == "결심" && lean.date == entry.date)
        #expect(lean.rating == 4.5 && lean.kind == .book && lean.year == 2022)
        #expect(lean.front == entry.front && lean.back == entry.back)
        // The original keeps its text (the two no longer share fields).
        #expect(entry.memo == "메모" && entry.author == "작가" && entry.friends == ["민수"])
    }

    /// The box keeps a photo's path only when it is not the folder and the
    /// name joined: every path reads back as it was given, through copies,
    /// a changed folder and a changed photo, and equality sees no difference.
    @Test func photoPathsReadBackAsGiven() throws {
        let date = CalendarDate(year: 2022, month: 8, day: 27)!
        let joined = FacePhoto(name: "photos/a.jpg", path: "/book/e1/photos/a.jpg")
        let elsewhere = FacePhoto(name: "a.jpg", path: "/other/place/a.jpg")
        var entry = Entry(id: "e1", folder: "/book/e1", title: "t", date: date, rating: 3,
                          front: joined, back: elsewhere)
        #expect(entry.front?.path == "/book/e1/photos/a.jpg" && entry.back?.path == "/other/place/a.jpg")
        #expect(entry.frontName == "photos/a.jpg" && entry.backName == "a.jpg" && entry.frontCrop == nil)
        var edited = entry
        edited.front?.crop = EditorState(placement: .normalizedRect(Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.25)))
        #expect(edited.frontCrop == edited.front?.crop && edited.frontCrop != nil)
        // Moving the folder keeps the photos where they were.
        entry.folder = "/moved/e1"
        #expect(entry.front?.path == "/book/e1/photos/a.jpg" && entry.back?.path == "/other/place/a.jpg")
        entry.front = FacePhoto(name: "b.jpg", path: "/moved/e1/b.jpg")
        #expect(entry.front?.path == "/moved/e1/b.jpg")
        // An empty folder (the current directory) joins to the bare name.
        let here = Entry(id: "h", folder: "", title: "t", date: date, rating: 3,
                         front: FacePhoto(name: "a.jpg", path: "a.jpg"))
        #expect(here.front?.path == "a.jpg")
        // Equal to an entry built with the same values, and hashed alike.
        let same = Entry(id: "h", folder: "", title: "t", date: date, rating: 3,
                         front: FacePhoto(name: "a.jpg", path: "a.jpg"))
        #expect(here == same && here.hashValue == same.hashValue)
        let other = Entry(id: "h", folder: "", title: "t", date: date, rating: 3,
                          front: FacePhoto(name: "a.jpg", path: "b/a.jpg"))
        #expect(here != other)
    }

    /// Paths are bytes: a photo path that differs from the folder and name
    /// joined only in how an accent is spelled (NFC against NFD) reads back
    /// in its own bytes, through a moved folder too, and an empty path stays
    /// empty.
    @Test func photoPathsKeepTheirBytes() throws {
        let date = CalendarDate(year: 2022, month: 8, day: 27)!
        let decomposed = "/x/e\u{301}.jpg"
        var entry = Entry(id: "a", folder: "/x", title: "t", date: date, rating: 3,
                          front: FacePhoto(name: "\u{E9}.jpg", path: decomposed),
                          back: FacePhoto(name: "b.jpg", path: ""))
        #expect(Array(try #require(entry.front?.path).utf8) == Array(decomposed.utf8))
        #expect(entry.photoPath(is: decomposed) && !entry.photoPath(is: "/x/\u{E9}.jpg"))
        #expect(entry.back?.path == "" && entry.photoPath(back: true, is: ""))
        var moved = Entry(id: "m", folder: "/b/e\u{301}", title: "t", date: date, rating: 3,
                          front: FacePhoto(name: "a.jpg", path: "/b/e\u{301}/a.jpg"))
        moved.folder = "/b/\u{E9}"
        #expect(Array(try #require(moved.front?.path).utf8) == Array("/b/e\u{301}/a.jpg".utf8))
        entry.folder = "/y"
        #expect(Array(try #require(entry.front?.path).utf8) == Array(decomposed.utf8) && entry.back?.path == "")
    }

    /// The fields kept out of line read back, change alone, and leave no
    /// trace when emptied again.
    @Test func restFieldsChangeOneAtATime() throws {
        let date = CalendarDate(year: 2022, month: 8, day: 27)!
        let bare = Entry(id: "x", folder: "/f", title: "t", date: date, rating: 1)
        var entry = bare
        entry.memo = "m"
        entry.year = 1999
        #expect(entry.memo == "m" && entry.year == 1999 && entry.director == nil && entry.friends.isEmpty)
        #expect(bare.memo == nil && bare.year == nil)
        #expect(entry != bare)
        let copy = entry
        entry.friends = ["a", "b"]
        #expect(copy.friends.isEmpty && entry.friends == ["a", "b"] && entry.memo == "m")
        entry.memo = nil
        entry.year = nil
        entry.friends = []
        #expect(entry == bare && entry.hashValue == bare.hashValue)
        #expect(entry.withoutBackText() == bare)
    }

    @Test func absentFieldsTakeDefaults() throws {
        let entry = try parseEntry(entryJSON())
        #expect(entry.id == "2022-08-27-decision")
        #expect(entry.kind == .movie)
        #expect(entry.friends.isEmpty)
        #expect(entry.director == nil && entry.year == nil && entry.memo == nil)
        #expect(entry.front == nil && entry.back == nil)
    }

    @Test func nullCountsAsAbsent() throws {
        let entry = try parseEntry(entryJSON(#""kind": null, "memo": null, "front": null, "friends": null"#))
        #expect(entry.kind == .movie)
        #expect(entry.memo == nil && entry.front == nil && entry.friends.isEmpty)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let extra = #""mood": {"color": [1, 2]}, "tags": ["a"], "front": {"photo": "f.jpg", "filter": "mono"}"#
        let entry = try parseEntry(entryJSON(extra))
        #expect(entry.title == "헤어질 결심")
        #expect(entry.front?.name == "f.jpg")
    }

    @Test(arguments: EntryKind.allCases)
    func readsEveryKind(kind: EntryKind) throws {
        #expect(try parseEntry(entryJSON("\"kind\": \"\(kind.rawValue)\"")).kind == kind)
    }

    @Test(arguments: [("0", 0.0), ("5", 5), ("0.5", 0.5), ("3.0", 3), ("-0", 0), ("2.5e0", 2.5)])
    func acceptsRating(text: String, value: Double) throws {
        let rating = try parseEntry(entryJSON(rating: text)).rating
        #expect(rating == value)
        #expect(rating.sign == .plus)
    }

    @Test func keepsTitleAsWritten() throws {
        #expect(try parseEntry(entryJSON(title: "\"  Past Lives  \"")).title == "  Past Lives  ")
    }

    @Test func acceptsLeapDayAndWholeFloatYear() throws {
        let entry = try parseEntry(entryJSON("\"year\": 2024.0", date: "\"2024-02-29\""))
        #expect(entry.date == CalendarDate(year: 2024, month: 2, day: 29))
        #expect(entry.year == 2024)
    }
}
