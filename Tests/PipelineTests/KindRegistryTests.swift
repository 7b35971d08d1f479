import Testing
@testable import PhotiCasePipeline
import PhotiCaseDiary

/// The registry is the enum of kinds: every place that must know a kind
/// derives it from the kind's declaration, or the compiler asks for it.
/// These check what a compiler cannot: that each case names its own
/// declaration, and that what is derived says what the hand-written lists
/// used to.
@Suite struct KindRegistryTests {
    @Test func eachCaseNamesItsOwnDeclaration() {
        for kind in OutputKind.allCases {
            #expect(kind.declaration.kind == kind, "\(kind)")
            #expect(!kind.declaration.folders.isEmpty, "\(kind)")
        }
        #expect(Kinds.all.map { $0.kind } == OutputKind.allCases)
        #expect(OutputKind(rawValue: "poster") == nil)
    }

    @Test func foldersSayWhatTheSweepAndTheHoldNeed() {
        #expect(Kinds.folders == ["tickets", "days", "months", "books", "years", "print", "site"])
        #expect(Kinds.nestedFolders == ["tickets", "site"])
        #expect(Kinds.bookFolders == ["books", "site/book"])
    }

    /// The site is made of the kinds that place files on its pages.
    @Test func theSiteIsMadeOfWhatItPlaces() {
        #expect(SiteKind.madeFrom == [.tickets, .shares, .days, .months, .books, .years, .print])
        #expect(!SiteKind.placesOnSite)
    }

    /// A file of no known type is refused rather than written unmarked
    /// (it could never be adopted or cleaned by its mark).
    @Test func aFileOfNoTypeIsNotWrittenUnmarked() throws {
        var refused: String?
        do {
            _ = try OutputMark.marking(Array("<svg/>".utf8), path: "years/2022.svg", owner: .year(2022))
        } catch let error as OutputMark.UnmarkableOutput {
            refused = error.path
        }
        #expect(refused == "years/2022.svg")
        let css = try OutputMark.marking(Array("a{}".utf8), path: "site/style.css", owner: .site)
        #expect(String(decoding: css, as: UTF8.self).hasPrefix("/* photicase-render owner=site:site */"))
        #expect(OutputFileType(path: "tickets/a/front.webp") == .webp && OutputFileType(path: "a/b.jpeg") == nil)
    }

    /// Each kind says which options decide its bytes; a kind not made says
    /// nothing.
    @Test func optionsThatDecideBytesAreEachKindsOwn() {
        var options = RenderOptions(entries: "/e", cache: "/c", today: CalendarDate("2022-08-30")!)
        options.pageSize = 12
        options.siteURL = "https://example.com/"
        #expect(BookPagesKind.optionsKey(options, kinds: [.books]) == "page size 12")
        #expect(SharesKind.optionsKey(options, kinds: [.shares]) == "-")
        #expect(SharesKind.optionsKey(options, kinds: [.shares, .site]) == "links")
        #expect(TicketsKind.optionsKey(options, kinds: Set(OutputKind.allCases)) == "")
        #expect(SiteKind.optionsKey(options, kinds: [.site]).contains("site url https://example.com/"))
    }
}
