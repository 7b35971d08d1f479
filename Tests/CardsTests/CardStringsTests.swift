import Testing
import PhotiCaseDiary

/// The words cards print come from one table per language: a Korean card
/// has no English word, and an exhibition credits its artist.
@Suite struct CardStringsTests {
    let ko = CardStrings(.ko), en = CardStrings(.en)

    @Test func whoCameAlongReadsAsKorean() {
        // 와 after a vowel, 과 after a final consonant.
        #expect(ko.friends(["지영"]) == "지영과 함께")
        #expect(ko.friends(["민수", "하나"]) == "민수, 하나와 함께")
        #expect(ko.friends(["  엄마  "]) == "엄마와 함께")
        // A name whose particle its spelling does not tell.
        #expect(ko.friends(["지영", "Tom"]) == "함께: 지영, Tom")
        #expect(ko.friends(["🐶"]) == "함께: 🐶")
        for names in [["민수"], ["Tom"], ["지영", "Tom"]] {
            #expect(ko.friends(names)?.contains("with") == false)
        }
        #expect(en.friends(["Tom", "Ann"]) == "with Tom, Ann")
        #expect(ko.friends([" ", ""]) == nil)
    }

    @Test func everyKindCreditsAsItsWorkIsMade() {
        func parts(_ kind: EntryKind, director: String? = nil, author: String? = nil) -> String? {
            ko.creditParts(kind: kind, director: director, author: author).map { "\($0.label) \($0.name)" }
        }
        #expect(parts(.movie, director: "박찬욱") == "감독 박찬욱")
        #expect(parts(.movie) == "감독 미상")
        #expect(parts(.book, author: "한강") == "저자 한강")
        #expect(parts(.book) == "저자 미상")
        #expect(parts(.exhibition, director: "구사마 야요이") == "작가 구사마 야요이")
        #expect(parts(.exhibition, author: "이중섭") == "작가 이중섭")
        #expect(parts(.exhibition) == nil)
        #expect(parts(.performance, director: "조승우") == "출연 조승우")
        #expect(parts(.concert, director: "아이유") == "출연 아이유")
        #expect(parts(.other, director: "민수") == "만든 이 민수")
        #expect(en.creditParts(kind: .exhibition, director: "Kusama", author: nil)?.label == "Artist")
    }

    /// "미상" reads the same on a card's credit line as on the site's
    /// details (label, then 미상).
    @Test func anUnknownDirectorReadsTheSameEverywhere() {
        #expect(ko.credit(kind: .movie, director: nil, author: nil, year: 2022) == "감독 미상 · 2022")
        #expect(ko.credit(kind: .book, director: " ", author: nil, year: nil) == "저자 미상")
        let site = ko.creditParts(kind: .movie, director: nil, author: nil)
        #expect(site.map { "\($0.label) \($0.name)" } == "감독 미상" && site?.known == false)
        #expect(en.credit(kind: .movie, director: nil, author: nil, year: nil) == "Unknown director")
        #expect(ko.credit(kind: .exhibition, director: "이중섭", author: nil, year: 2023) == "이중섭 · 2023")
    }
}
