/// A usage mistake: wrong option, missing value, bad number. Exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// What one command accepts, made from its declared options
/// (`ArgumentSpec(_ options: [Option])`).
struct ArgumentSpec {
    /// Options that take a value (`--name VALUE` or `--name=VALUE`).
    private(set) var valued: Set<String> = []
    /// Options that stand alone.
    private(set) var flags: Set<String> = []
    /// One-letter names (`-o`) and the long names they stand for (`output`).
    private(set) var shorts: [String: String] = [:]

    /// What the parser accepts: exactly `options`.
    init(_ options: [Option]) {
        for option in options {
            if option.value == nil { flags.insert(option.name) } else { valued.insert(option.name) }
            if let short = option.short { shorts["-\(short)"] = option.name }
        }
    }
}

/// Command-line words split into positionals, valued options and flags.
/// A small parser written for this tool: no package can be fetched here.
struct Arguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    init(_ words: ArraySlice<String>, spec: ArgumentSpec) throws {
        var rest = words[...]
        while var word = rest.popFirst() {
            // A one-letter name (`-o`) is its long name's other spelling.
            if let long = spec.shorts[word] { word = "--" + long }
            if word == "--" {
                guard !rest.contains("") else { throw UsageError("an empty argument is not a path (\".\" is the current folder)") }
                positionals.append(contentsOf: rest)
                break
            }
            guard word.hasPrefix("--"), word.count > 2 else {
                if word.hasPrefix("-"), word.count > 1, word != "-" {
                    throw UsageError("unknown option \(word)")
                }
                // `render "$BOOK"` with BOOK unset: an empty path would open
                // as the current folder and join into paths from the root.
                guard !word.isEmpty else { throw UsageError("an empty argument is not a path (\".\" is the current folder)") }
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if spec.valued.contains(name) {
                guard let value = inlineValue ?? rest.popFirst() else {
                    throw UsageError("--\(name) needs a value")
                }
                guard !value.isEmpty else { throw UsageError("--\(name) needs a value, not an empty one") }
                values[name] = value
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    /// The integer value of `--name`, checked against `range`; nil when absent.
    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }
}
