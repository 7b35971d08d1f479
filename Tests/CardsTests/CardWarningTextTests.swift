import Testing
@testable import PhotiCaseCards

/// What users read when a warning is printed: code points as Unicode
/// writes them, and a hint that fits what is missing.
struct CardWarningTextTests {
    @Test func missingLettersNameTheirCodePointsAndAScriptFont() {
        let text = CardWarning.missingCharacters(text: "ภาษา", characters: ["ภ"]).description
        #expect(text.contains("ภ (U+0E20)"), "\(text)")
        #expect(text.contains("fonts-noto-core"), "\(text)")
        #expect(!text.contains("emoji"), "\(text)")
    }

    @Test func missingEmojiSuggestTheEmojiFont() {
        let text = CardWarning.missingCharacters(text: "좋아 🎬", characters: ["🎬"]).description
        #expect(text.contains("🎬 (U+1F3AC)"), "\(text)")
        #expect(text.contains("fonts-noto-color-emoji"), "\(text)")
    }

    @Test func aSlimStripSaysLessThanOnePercent() {
        let text = CardWarning.mostlyCropped(path: "p.jpg", visible: 0.0008).description
        #expect(text.contains("only the middle less than 1% of the photo shows"), "\(text)")
        #expect(CardWarning.mostlyCropped(path: "p.jpg", visible: 0.2).description.contains("middle 20%"))
    }

    @Test func whatAShortCardLeavesOutIsOneSentence() {
        func text(_ what: [String]) -> String {
            CardWarning.leftOut(file: "b/a/entry.json", what: what, reason: "no room on a card 300 points tall").description
        }
        #expect(text(["the memo"]) == "b/a/entry.json: the memo is left out: no room on a card 300 points tall")
        #expect(text(["friends"]) == "b/a/entry.json: friends are left out: no room on a card 300 points tall")
        #expect(text(["the credit", "friends", "the memo"])
                == "b/a/entry.json: the credit, friends and the memo are left out: no room on a card 300 points tall")
    }

    @Test func whatANarrowCardRearrangesIsOneSentence() {
        func text(_ changes: [String]) -> String {
            CardWarning.rearranged(file: "b/a/entry.json", changes: changes,
                                   reason: "no room for the kind badge beside the date on the back of a card 200 points wide")
                .description
        }
        #expect(text(["the kind badge is set smaller"])
                == "b/a/entry.json: the kind badge is set smaller: no room for the kind badge beside the date on the back of a card 200 points wide")
        #expect(text(["the date is moved below the kind badge", "the kind badge is set smaller"])
                == "b/a/entry.json: the date is moved below the kind badge and the kind badge is set smaller: "
                + "no room for the kind badge beside the date on the back of a card 200 points wide")
    }
}
