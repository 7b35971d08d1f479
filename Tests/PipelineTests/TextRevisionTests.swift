import Testing
@testable import Pipeline
import Diary

/// Only outputs showing text beyond ASCII and Hangul are drawn again for
/// the right-to-left and fallback fixes; a plain book's fingerprints stay
/// exactly as the previous build wrote them.
struct TextRevisionTests {
    @Test func plainKoreanAndEnglishAreNotTagged() {
        #expect(TextRevision.tag(["헤어질 결심 2", "Decision to Leave", nil, "ㅋㅋ 재밌었다!"]) == nil)
        #expect(TextRevision.tag([]) == nil)
    }

    @Test func otherScriptsAccentsAndEmojiAreTagged() {
        for text in ["Café", "عربي", "שלום", "漢字", "🎬 밤", "ภาษา", "Zoë"] {
            #expect(TextRevision.tag([text]) == "text-2", "\(text)")
        }
        #expect(TextRevision.tag(["영화", nil, "Amélie"]) == "text-2")
    }

    @Test func aPlainEntrysDayAndFaceInputsAreThoseOfTheLastBuild() {
        let date = CalendarDate(year: 2022, month: 8, day: 27)!
        let plain = Entry(id: "a", folder: "/f", title: "헤어질 결심", date: date, rating: 4.5)
        // The previous build's exact spelling: no field added.
        #expect(RenderRun<FakeBackend>.dayInput(plain, front: nil) == "a|none|-|헤어질 결심|movie|4.5")
        let accented = Entry(id: "b", folder: "/f", title: "Café", date: date, rating: 4.5)
        #expect(RenderRun<FakeBackend>.dayInput(accented, front: nil) == "b|none|-|Café|movie|4.5|text-2")
    }
}
