import Foundation
import Testing

/// The same book renders to the same bytes whatever else the machine has
/// for fonts: a fontconfig configuration that prefers another family for
/// every text (as `fonts-noto-cjk` on a Korean desktop makes its own CJK
/// faces the fallback of "é" and 東), fonts of a user's own, and a folder
/// of extra fonts. Only the project's named fonts draw (themes.md, "Fonts
/// and text"); before, fontconfig's choice changed every card's fallback
/// text from one machine to the next.
@Suite(.serialized) struct FontIndependenceCommandTests {
    typealias Book = RenderCommandTests.Book

    /// Every output's bytes, by path (the log aside).
    static func outputs(_ cache: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for case let rel as String in FileManager.default.enumerator(atPath: cache) ?? .init() {
            let path = cache + "/" + rel
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
                  !rel.hasPrefix("render.log"), !rel.hasPrefix("index.sqlite"), !rel.hasSuffix(".lock") else { continue }
            out[rel] = FileManager.default.contents(atPath: path)
        }
        return out
    }

    @Test func otherFontsAndPreferencesChangeNoByte() throws {
        let book = try Book()
        // Latin with an accent, Hanja, an emoji, Hangul: every fallback.
        try book.add("Amélie 東京 🎬 헤어질 결심", date: "2022-08-03", memo: "café, 東京タワー, ✓")
        let plain = try Tool.run(["render", book.root, "--cache", book.cache, "--only", "tickets,days", "--today", "2022-08-30",
                                  "--progress", "none"], environment: ["HOME": book.base])
        #expect(plain.status == 0, "\(plain.stderr)")

        // A machine whose fontconfig prefers DejaVu Serif for everything,
        // with a user's font folder holding other faces.
        let extra = book.base + "/home/.fonts"
        try FileManager.default.createDirectory(atPath: extra, withIntermediateDirectories: true)
        for file in ["/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "/usr/share/fonts/truetype/nanum/NanumMyeongjo.ttf"]
        where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.copyItem(atPath: file, toPath: extra + "/" + (file as NSString).lastPathComponent)
        }
        let conf = book.base + "/fonts.conf"
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
              <dir>\(extra)</dir>
              <match target="pattern">
                <edit name="family" mode="prepend" binding="strong"><string>DejaVu Serif</string></edit>
              </match>
              <alias binding="strong"><family>sans-serif</family><prefer><family>NanumMyeongjo</family></prefer></alias>
            </fontconfig>
            """.write(toFile: conf, atomically: true, encoding: .utf8)
        let other = book.base + "/other-cache"
        let preferring = try Tool.run(["render", book.root, "--cache", other, "--only", "tickets,days", "--today", "2022-08-30",
                                       "--progress", "none"],
                                      environment: ["HOME": book.base + "/home", "FONTCONFIG_FILE": conf])
        #expect(preferring.status == 0, "\(preferring.stderr)")

        let a = Self.outputs(book.cache), b = Self.outputs(other)
        #expect(a.count >= 4 && Set(a.keys) == Set(b.keys), "\(a.keys.sorted()) against \(b.keys.sorted())")
        for (path, bytes) in a where b[path] != bytes { Issue.record("\(path) differs with other fonts preferred") }
    }
}
