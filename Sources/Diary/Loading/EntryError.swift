/// Why an entry could not be loaded. Every case names the entry.json file
/// as the caller gave it (`file`); field cases name the field by its path
/// in the document (`front.crop.zoomScale`, `friends[1]`). Values quoted in
/// messages are written as JSON, shortened when long.
public enum EntryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// entry.json does not exist (or a folder on its path does not).
    case notFound(file: String)
    /// entry.json is a directory, FIFO, device or socket.
    case notARegularFile(file: String, kind: String)
    /// entry.json could not be opened or read; `reason` is the system's message.
    case unreadable(file: String, reason: String)
    /// entry.json is larger than the limit.
    case tooLarge(file: String, size: Int, limit: Int)
    /// entry.json is not well-formed JSON (or not UTF-8).
    case malformed(file: String, JSONError)
    /// The document is valid JSON but not an object; `found` is what it is.
    case notAnObject(file: String, found: String)
    /// A required field is absent.
    case missingField(file: String, field: String)
    /// A field has the wrong type; `expected` reads "a string", "an array of 2 numbers", ...
    case wrongType(file: String, field: String, expected: String)
    /// A string field is empty (or only whitespace).
    case emptyField(file: String, field: String)
    /// A title with characters but no text to show: only `<b>` tags,
    /// entities and whitespace (`"<b></b>"`, `"&nbsp;"`).
    case noTextInTitle(file: String, field: String, value: String)
    /// A number lies outside `range` (written like "0...5").
    case outOfRange(file: String, field: String, value: String, range: String)
    /// A rating that is not a multiple of 0.5.
    case notHalfStep(file: String, field: String, value: String)
    /// A date that is not an existing day written as YYYY-MM-DD.
    case invalidDate(file: String, field: String, value: String)
    /// A `kind` the theme does not declare (`known`: the ones it does).
    case unknownKind(file: String, field: String, value: String, known: [String])
    /// A value that is not one of those `allowed`.
    case notOneOf(file: String, field: String, value: String, allowed: [String])
    /// A crop frame whose width or height is not greater than 0.
    case nonPositiveFrame(file: String, field: String, value: String)
    /// A crop with both the scroll-view numbers and a rect.
    case conflictingCropForms(file: String, field: String)
    /// A crop with neither the scroll-view numbers nor a rect.
    case missingCropForm(file: String, field: String)
    /// A photo name that is empty or names the folder itself.
    case notAFileName(file: String, field: String, value: String)
    /// A photo name that is an absolute path.
    case absolutePhotoPath(file: String, field: String, value: String)
    /// A photo name that leads outside the entry folder, by `..` or a symbolic link.
    case photoOutsideFolder(file: String, field: String, value: String)
    /// A photo name with a `..` component that stays inside the folder
    /// on paper (`photos/../front.jpg`): refused all the same, since the
    /// folder it passes through may be a link.
    case parentInPhotoPath(file: String, field: String, value: String)
    /// A photo name containing a NUL character.
    case nulInPhotoPath(file: String, field: String)
    /// A photo name whose symbolic links could not be followed (a loop, no permission).
    case unresolvablePhotoPath(file: String, field: String, value: String, reason: String)
    /// A photo name not on disk as written that two files of `folder`
    /// spell, differing only in Unicode normalization (NFC and NFD).
    case ambiguousPhotoName(file: String, field: String, value: String, folder: String, matches: [String])

    /// The entry.json path as the caller gave it.
    public var file: String {
        switch self {
        case .notFound(let file), .notARegularFile(let file, _), .unreadable(let file, _),
             .tooLarge(let file, _, _), .malformed(let file, _), .notAnObject(let file, _),
             .missingField(let file, _), .wrongType(let file, _, _), .emptyField(let file, _),
             .noTextInTitle(let file, _, _),
             .outOfRange(let file, _, _, _), .notHalfStep(let file, _, _), .invalidDate(let file, _, _),
             .unknownKind(let file, _, _, _), .notOneOf(let file, _, _, _), .nonPositiveFrame(let file, _, _),
             .conflictingCropForms(let file, _), .missingCropForm(let file, _),
             .notAFileName(let file, _, _), .absolutePhotoPath(let file, _, _),
             .photoOutsideFolder(let file, _, _), .parentInPhotoPath(let file, _, _), .nulInPhotoPath(let file, _),
             .unresolvablePhotoPath(let file, _, _, _), .ambiguousPhotoName(let file, _, _, _, _):
            file
        }
    }

    /// The field at fault, by its path (`front.crop.rect`); nil when the
    /// file as a whole is.
    public var field: String? {
        switch self {
        case .notFound, .notARegularFile, .unreadable, .tooLarge, .malformed, .notAnObject: nil
        case .missingField(_, let field), .wrongType(_, let field, _), .emptyField(_, let field),
             .noTextInTitle(_, let field, _), .outOfRange(_, let field, _, _), .notHalfStep(_, let field, _),
             .invalidDate(_, let field, _), .unknownKind(_, let field, _, _), .notOneOf(_, let field, _, _),
             .nonPositiveFrame(_, let field, _), .conflictingCropForms(_, let field), .missingCropForm(_, let field),
             .notAFileName(_, let field, _), .absolutePhotoPath(_, let field, _), .photoOutsideFolder(_, let field, _),
             .parentInPhotoPath(_, let field, _), .nulInPhotoPath(_, let field),
             .unresolvablePhotoPath(_, let field, _, _), .ambiguousPhotoName(_, let field, _, _, _):
            field
        }
    }

    /// `<file>: <what is wrong>`.
    public var description: String { "\(file): \(problem)" }

    /// What is wrong, without the file name.
    public var problem: String {
        switch self {
        case .notFound:
            "does not exist"
        case .notARegularFile(_, let kind):
            "is \(kind), not a file"
        case .unreadable(_, let reason):
            "cannot be read: \(reason)"
        case .tooLarge(_, let size, let limit):
            "is \(size) bytes, more than the limit of \(limit) bytes"
        case .malformed(_, let error):
            error.description
        case .notAnObject(_, let found):
            "must hold a JSON object, not \(found)"
        case .missingField(_, let field):
            "\(quoted(field)) is missing"
        case .wrongType(_, let field, let expected):
            "\(quoted(field)) must be \(expected)"
        case .emptyField(_, let field):
            "\(quoted(field)) must not be empty"
        case .noTextInTitle(_, let field, let value):
            "\(quoted(field)): \(value) has no text once its <b> tags and HTML entities are removed"
        case .outOfRange(_, let field, let value, let range):
            "\(quoted(field)): \(value) is outside \(range)"
        case .notHalfStep(_, let field, let value):
            "\(quoted(field)): \(value) must be in steps of 0.5"
        case .invalidDate(_, let field, let value):
            "\(quoted(field)): \(value) is not a valid YYYY-MM-DD date"
        case .unknownKind(_, let field, let value, let known):
            "\(quoted(field)): \(value) is not one of \(known.joined(separator: ", ")) (a theme may add kinds: its \"kinds\")"
        case .notOneOf(_, let field, let value, let allowed):
            "\(quoted(field)): \(value) is not one of \(allowed.joined(separator: ", "))"
        case .nonPositiveFrame(_, let field, let value):
            "\(quoted(field)): \(value) must have a width and height greater than 0"
        case .conflictingCropForms(_, let field):
            "\(quoted(field)) must have either \"rect\" or \"frame\", \"zoomScale\" and \"contentOffset\", not both"
        case .missingCropForm(_, let field):
            "\(quoted(field)) needs either \"rect\" or \"frame\", \"zoomScale\" and \"contentOffset\""
        case .notAFileName(_, let field, let value):
            "\(quoted(field)): \(value) does not name a file in the entry folder"
        case .absolutePhotoPath(_, let field, let value):
            "\(quoted(field)): \(value) is an absolute path; photos must be named relative to the entry folder"
        case .photoOutsideFolder(_, let field, let value):
            "\(quoted(field)): \(value) leads outside the entry folder"
        case .parentInPhotoPath(_, let field, let value):
            "\(quoted(field)): \(value) has a \"..\" component; name photos inside the entry folder without \"..\""
        case .nulInPhotoPath(_, let field):
            "\(quoted(field)) must not contain a NUL character"
        case .unresolvablePhotoPath(_, let field, let value, let reason):
            "\(quoted(field)): \(value) cannot be resolved: \(reason)"
        case .ambiguousPhotoName(_, let field, let value, let folder, let matches):
            "\(quoted(field)): \(value) is not in \(folder) as written, and \(matches.count) files there spell it "
                + "(\(matches.map { nameWithScalars($0) }.joined(separator: ", ")): their names differ only in "
                + "Unicode normalization; rename or remove all but one"
        }
    }

    private func quoted(_ field: String) -> String { "\"\(field)\"" }

    /// A name and its non-ASCII scalars, which tell apart two names that
    /// look alike: `"café.jpg" (U+00E9)`, `"café.jpg" (U+0065 U+0301)`.
    private func nameWithScalars(_ name: String) -> String {
        let scalars = name.unicodeScalars.filter { !$0.isASCII }.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "\"\(name)\"" + (scalars.isEmpty ? "" : " (" + scalars.joined(separator: " ") + ")")
    }
}
