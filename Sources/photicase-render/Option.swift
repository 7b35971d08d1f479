/// One option of a command, declared once with everything about it: its
/// name, whether it takes a value and how help shows that value, and its
/// help text. Each command lists its options (`RenderCommand.options` ...);
/// the parser's `ArgumentSpec` and the option lines of the command's
/// `--help` are both made from that list, so the two cannot disagree, and
/// Tests/CLITests/CLIReferenceTests holds docs/cli.md to the help.
struct Option: Sendable {
    /// The long name, without its dashes: `cache` for `--cache`.
    var name: String
    /// How help shows the value (`DIR`, `png|jpeg|webp`); nil for a flag,
    /// which takes no value.
    var value: String?
    /// A one-letter name for the same option (`o` for `-o`).
    var short: Character?
    /// The help text: its first line beside the option, each further line
    /// below it at the same column (lines are wrapped as written).
    var help: String

    /// An option that stands alone (`--force`).
    static func flag(_ name: String, _ help: String) -> Option {
        Option(name: name, value: nil, short: nil, help: help)
    }

    /// An option that takes a value (`--cache DIR`, `--cache=DIR`).
    static func valued(_ name: String, _ value: String, short: Character? = nil, _ help: String) -> Option {
        Option(name: name, value: value, short: short, help: help)
    }

    /// What help lists: `--cache DIR`, `-o, --output FILE`, `--force`.
    var label: String {
        (short.map { "-\($0), " } ?? "") + "--" + name + (value.map { " " + $0 } ?? "")
    }

    /// The option lines of a help text: each option's label indented by
    /// two spaces, its help from `column` on (at least two spaces after
    /// the label; default: two past the longest label).
    static func helpLines(_ options: [Option], column: Int? = nil) -> String {
        let column = column ?? (2 + (options.map(\.label.count).max() ?? 0) + 2)
        return options.map { option in
            let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            let head = "  " + option.label
            let gap = max(2, column - head.count)
            var text = head + String(repeating: " ", count: gap) + (lines.first ?? "")
            for line in lines.dropFirst() {
                text += "\n" + (line.isEmpty ? "" : String(repeating: " ", count: column) + line)
            }
            return text
        }.joined(separator: "\n")
    }
}
