import Foundation
import Testing

/// docs/cli.md against the built binary, so that help, parser and docs
/// cannot drift: every option a command's `--help` lists is documented
/// under that command with the same label (`--cache DIR`, `-o, --output
/// FILE`), the page documents no option the help does not list, every
/// option the help mentions anywhere (its usage lines too) is one it lists,
/// and the parser takes each as the help shows it: with a value or without
/// one, never as an unknown option.
///
/// The page's shape, which this reads: a command's section is a level-2
/// heading that is its name in backticks (`## \`render\``; the tool's own
/// options under `## \`photicase-render\``), and each option a level-3
/// heading that is its label in backticks.
@Suite struct CLIReferenceTests {
    /// The tool itself ("") and its commands.
    static let commands = ["", "render", "share", "serve", "clean", "inspect", "convert"]

    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The labels docs/cli.md documents, by command ("" for the tool).
    static func documented() throws -> [String: [String]] {
        let text = try String(contentsOfFile: repository + "/docs/cli.md", encoding: .utf8)
        var sections: [String: [String]] = [:]
        var current: String?
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            if inFence { continue }
            if line.hasPrefix("## ") {
                current = codeSpan(line.dropFirst(3)).map { $0 == "photicase-render" ? "" : $0 }
                    .flatMap { commands.contains($0) ? $0 : nil }
                if let current { sections[current, default: []] += [] }
            } else if line.hasPrefix("### "), let current, let label = codeSpan(line.dropFirst(4)) {
                sections[current, default: []].append(label)
            }
        }
        return sections
    }

    /// The text of `heading` when it is one code span and nothing else.
    static func codeSpan(_ heading: Substring) -> String? {
        let text = heading.trimmingCharacters(in: .whitespaces)
        guard text.count > 2, text.hasPrefix("`"), text.hasSuffix("`") else { return nil }
        let inner = text.dropFirst().dropLast()
        return inner.contains("`") ? nil : String(inner)
    }

    /// The labels of a help text's option lines: a line that starts with
    /// two spaces and a dash, its label running to two spaces or the end.
    static func labels(inHelp help: String) -> [String] {
        help.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  -") else { return nil }
            let rest = line.dropFirst(2)
            let end = rest.range(of: "  ")?.lowerBound ?? rest.endIndex
            return String(rest[..<end])
        }
    }

    /// Every `--name` a text mentions.
    static func longNames(in text: String) -> Set<String> {
        var names = Set<String>()
        let chars = Array(text.unicodeScalars)
        func isWordPart(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-" }
        var i = 0
        while i + 2 < chars.count {
            // `--` that starts a word (not the `-` of `re-encode`) and a letter.
            guard chars[i] == "-", chars[i + 1] == "-", ("a"..."z").contains(chars[i + 2]),
                  i == 0 || !isWordPart(chars[i - 1]) else {
                i += 1
                continue
            }
            var j = i + 2
            while j < chars.count, ("a"..."z").contains(chars[j]) || ("0"..."9").contains(chars[j]) || chars[j] == "-" { j += 1 }
            names.insert(String(String.UnicodeScalarView(chars[(i + 2)..<j])))
            i = j
        }
        return names
    }

    /// `--cache DIR`: the long name, whether it takes a value, and its
    /// one-letter name (`-o, --output FILE`).
    static func parse(label: String) -> (name: String, valued: Bool, short: String?) {
        var words = label.split(separator: " ").map(String.init)
        var short: String?
        if words.first?.hasSuffix(",") == true {
            short = String(words.removeFirst().dropLast())
        }
        let name = String((words.first ?? "").drop { $0 == "-" })
        return (name, words.count > 1, short)
    }

    static func help(_ command: String) throws -> String {
        let r = try Tool.run(command.isEmpty ? ["--help"] : [command, "--help"])
        #expect(r.status == 0, "\(command) --help: \(r.stderr)")
        #expect(r.stdout.contains("Usage: photicase-render"), "\(command) --help")
        return r.stdout
    }

    @Test(arguments: commands)
    func helpAndReferenceListTheSameOptions(_ command: String) throws {
        let documented = try #require(try Self.documented()[command],
                                      "docs/cli.md has no section `## \\`\(command.isEmpty ? "photicase-render" : command)\\``")
        let help = try Self.help(command)
        let listed = Self.labels(inHelp: help)
        for label in listed where !documented.contains(label) {
            Issue.record("\(command) --help lists \(label), which docs/cli.md does not document under its command")
        }
        for label in documented where !listed.contains(label) {
            Issue.record("docs/cli.md documents \(label) under \(command), which its --help does not list")
        }
        #expect(Set(listed).count == listed.count, "\(command) --help lists an option twice: \(listed)")
        // The usage lines and the prose name only options the list has
        // (the tool's help names its commands' options in prose).
        guard !command.isEmpty else { return }
        let names = Set(listed.map { Self.parse(label: $0).name })
        for name in Self.longNames(in: help).subtracting(names) {
            Issue.record("\(command) --help mentions --\(name), which its option list does not have")
        }
    }

    /// The parser takes every listed option as the help shows it.
    @Test(arguments: commands.filter { !$0.isEmpty })
    func theParserTakesEveryListedOption(_ command: String) throws {
        let dir = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Nothing here may reach a cache, but if it did, it is this one.
        let env = ["HOME": dir, "XDG_CACHE_HOME": dir + "/cache"]
        func run(_ args: [String]) throws -> Tool.Result {
            let r = try Tool.run([command] + args, cwd: dir, environment: env)
            #expect(r.status == 2, "\(command) \(args): \(r.status) \(r.stderr)")
            return r
        }
        for label in Self.labels(inHelp: try Self.help(command)) {
            let (name, valued, short) = Self.parse(label: label)
            let bare = try run(["--\(name)"])
            #expect(!bare.stderr.contains("unknown option"), "\(command) --\(name): \(bare.stderr)")
            if valued {
                #expect(bare.stderr.contains("--\(name) needs a value"), "\(command) --\(name): \(bare.stderr)")
            } else {
                let given = try run(["--\(name)=1"])
                #expect(given.stderr.contains("--\(name) takes no value"), "\(command) --\(name)=1: \(given.stderr)")
            }
            if let short {
                let r = try run([short])
                #expect(r.stderr.contains("--\(name) needs a value") || !valued, "\(command) \(short): \(r.stderr)")
                #expect(!r.stderr.contains("unknown option"), "\(command) \(short): \(r.stderr)")
            }
        }
        // The check can fail: an option no help lists is refused.
        #expect(try run(["--no-such-option"]).stderr.contains("unknown option --no-such-option"))
    }

    @Test func theToolsOwnOptionsWork() throws {
        for label in Self.labels(inHelp: try Self.help("")) {
            let (name, _, short) = Self.parse(label: label)
            for word in ["--\(name)"] + (short.map { [$0] } ?? []) {
                let r = try Tool.run([word])
                #expect(r.status == 0, "\(word): \(r.stderr)")
                #expect(!r.stdout.isEmpty, "\(word)")
            }
        }
    }

    /// The reader itself: a page without a command's section, or with an
    /// option the help does not list, is caught.
    @Test func theReaderFindsSectionsAndLabels() {
        #expect(Self.codeSpan("`render`") == "render")
        #expect(Self.codeSpan("Exit statuses") == nil)
        #expect(Self.codeSpan("`--cache DIR` and more") == nil)
        #expect(Self.labels(inHelp: "Usage: x\n\n  -o, --output FILE   where\n  --force  again\n                 more\n")
                == ["-o, --output FILE", "--force"])
        let output = Self.parse(label: "-o, --output FILE"), force = Self.parse(label: "--force")
        #expect(output.name == "output" && output.valued && output.short == "-o")
        #expect(force.name == "force" && !force.valued && force.short == nil)
        #expect(Self.longNames(in: "[--cache DIR] re-encode --only days,months") == ["cache", "only"])
    }
}
