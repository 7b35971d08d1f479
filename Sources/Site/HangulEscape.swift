/// The Hangul in the site's own files, spelled as escapes where the site
/// speaks English: the search's script needs Korean letters to find
/// Korean titles (the initial consonants of `ㅎㅇㅈ`, the date words `8월`
/// and `27일`) and the style sheet names Windows' Korean fonts by their
/// Korean names too, yet an English site's files hold no Korean but the
/// user's own. Escaped, the script and the sheet mean the same to the
/// browser; a Korean site's keep the letters as they read.
enum HangulEscape {
    /// Syllables, jamo and compatibility jamo.
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
            || (0x3130...0x318F).contains(scalar.value)
    }

    /// `source` with each Hangul letter as `\uXXXX`: the same letter in a
    /// JavaScript string or regular expression, and inert in a comment.
    static func javaScript(_ source: String) -> String {
        escaping(source) { "\\u" + String($0.value, radix: 16) }
    }

    /// `source` with each Hangul letter as a CSS escape, `\XXXX ` (the
    /// space ends the escape and is not part of the text).
    static func css(_ source: String) -> String {
        escaping(source) { "\\" + String($0.value, radix: 16, uppercase: true) + " " }
    }

    private static func escaping(_ source: String, _ escape: (Unicode.Scalar) -> String) -> String {
        var out = ""
        out.reserveCapacity(source.utf8.count)
        for scalar in source.unicodeScalars {
            if isHangul(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
