import PhotiCaseCodecs
import Foundation

/// The mark every output of a cache carries, naming its owner:
/// `photicase-render owner=KIND:KEY` (the key percent-escaped to ASCII).
/// Images carry it as their note (`ImageNote`: PNG `tEXt` Software, JPEG
/// COM, WebP XMP CreatorTool), pages in `<meta name="generator">`, style
/// sheets and scripts in a first comment line. The index says which files
/// are the cache's; when the index is lost past salvage, the mark is what
/// still proves a file at the layout's paths ours, and whose: a new index
/// adopts the marked files (`CacheIndex.adopt(found:)`), so that what a
/// gone owner left is removed like any other output of it, and `clean`
/// removes them; a file without the mark is never removed.
enum OutputMark {
    static let prefix = "photicase-render owner="
    /// Part of every output's key (`RenderRun.baseFingerprint`): outputs
    /// made before they were marked, or marked otherwise, are written again.
    static let version = "mark-1"
    /// What an adopted file's record is keyed by: no plan makes it, so a
    /// planned output is written again (or, for a page with the same
    /// bytes, its record replaced).
    static let foundFingerprint = "found"

    /// The mark of `owner`'s outputs.
    static func text(_ owner: Owner) -> String {
        prefix + owner.kind.rawValue + ":" + escaped(owner.key)
    }

    /// An output whose name has no suffix of `OutputFileType`: a kind
    /// that writes files of a new type must say where their mark goes
    /// (a case of `OutputFileType`, which every switch here then asks
    /// for), or its files could never be adopted or cleaned by mark.
    struct UnmarkableOutput: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "\(path): no output file type (OutputFileType) says where its owner's mark goes"
        }
    }

    /// `bytes` of output `path` with the mark of `owner`; throws
    /// `UnmarkableOutput` for a file of no known type.
    static func marking(_ bytes: [UInt8], path: String, owner: Owner) throws -> [UInt8] {
        let mark = text(owner)
        guard let type = OutputFileType(path: path) else { throw UnmarkableOutput(path: path) }
        switch type {
        // Bytes that are no image of a format with a note (a test's stand-in
        // backend) stay unmarked: they can then never be adopted, the safe
        // side.
        case .png, .jpg, .webp: return ImageNote.canHold(bytes) ? try ImageNote.adding(mark, to: bytes) : bytes
        case .html:
            // Right after the charset declaration, which must come first.
            let charset = Array("<meta charset=\"utf-8\">\n".utf8)
            let meta = Array("<meta name=\"generator\" content=\"\(mark)\">\n".utf8)
            if let at = firstRange(of: charset, in: bytes) { return Array(bytes[..<at.upperBound]) + meta + bytes[at.upperBound...] }
            return Array("<!-- \(mark) -->\n".utf8) + bytes
        case .css: return Array("/* \(mark) */\n".utf8) + bytes
        case .js: return Array("// \(mark)\n".utf8) + bytes
        // Documents are written to files by their writer, which puts the
        // mark in their metadata (`DocumentMetadata.creator`): bytes of
        // one are returned as they are.
        case .pdf: return bytes
        }
    }

    /// Every output of an item with the mark of `owner`: bytes marked here,
    /// files (documents) marked by their writer, so only their type is
    /// checked: it must be one whose writer marks it.
    static func marking(_ files: [String: OutputContent], owner: Owner) throws -> [String: OutputContent] {
        var marked = files
        for (path, content) in files {
            switch content {
            case let .bytes(bytes): marked[path] = .bytes(try marking(bytes, path: path, owner: owner))
            case .file:
                guard OutputFileType(path: path)?.markedByItsWriter == true else { throw UnmarkableOutput(path: path) }
            }
        }
        return marked
    }

    /// Every file of an item's `files` (by path) with the mark of `owner`.
    static func marking(_ files: [String: [UInt8]], owner: Owner) throws -> [String: [UInt8]] {
        var marked = files
        for (path, bytes) in files { marked[path] = try marking(bytes, path: path, owner: owner) }
        return marked
    }

    /// The owner output `path`'s `bytes` name in their mark, nil when
    /// they carry none. Pages, style sheets and scripts carry it in their
    /// first kilobyte; images where their format keeps notes.
    static func owner(ofFile bytes: [UInt8], path: String) -> Owner? {
        let text: String?
        switch OutputFileType(path: path) {
        case .png, .jpg, .webp: text = ImageNote.read(bytes)
        case .pdf:
            // A literal string of the document's metadata: `(photicase-render owner=…)`.
            text = firstRange(of: Array(prefix.utf8), in: bytes, within: bytes.count).map { start in
                let body = bytes[start.upperBound...].prefix { $0 != UInt8(ascii: ")") && $0 > 0x20 && $0 < 0x7F }
                return prefix + String(decoding: body, as: UTF8.self)
            }
        case .html, .css, .js:
            // The mark begins in the first kilobyte and ends where its
            // quote, comment or line does, however long its owner's id.
            text = firstRange(of: Array(prefix.utf8), in: bytes).map { start in
                let body = bytes[start.upperBound...].prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") }
                return prefix + String(decoding: body, as: UTF8.self)
            }
        case nil: text = nil
        }
        guard let text, text.hasPrefix(prefix) else { return nil }
        let body = text.dropFirst(prefix.count)
        guard let colon = body.firstIndex(of: ":"), let kind = Owner.Kind(rawValue: String(body[..<colon])),
              let key = unescaped(body[body.index(after: colon)...]) else { return nil }
        return Owner(kind, key)
    }

    /// Where in a page, style sheet or script its mark begins.
    static let prefixBytes = 1024

    /// Whether `head`, a file's first bytes, holds the mark's beginning.
    static func beginsIn(_ head: [UInt8]) -> Bool {
        firstRange(of: Array(prefix.utf8), in: head, within: head.count) != nil
    }

    /// Whether the whole file is read for its mark, or only its first
    /// 64 KiB.
    static func readsWholeFile(_ path: String) -> Bool { OutputFileType(path: path)?.markAtTheEnd == true }

    /// Whether the file's last 64 KiB are read for its mark when its first
    /// do not hold it (a document's metadata may come last).
    static func readsEnd(_ path: String) -> Bool { OutputFileType(path: path)?.markedByItsWriter == true }

    private static func escaped(_ key: String) -> String {
        var out = ""
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return out
    }

    private static func unescaped(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = text.utf8.startIndex
        let utf8 = text.utf8
        while i < utf8.endIndex {
            if utf8[i] == UInt8(ascii: "%") {
                let h = utf8.index(after: i)
                guard h < utf8.endIndex, utf8.index(after: h) < utf8.endIndex,
                      let byte = UInt8(String(decoding: utf8[h...utf8.index(after: h)], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(byte)
                i = utf8.index(h, offsetBy: 2)
            } else {
                bytes.append(utf8[i])
                i = utf8.index(after: i)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Where `needle` first lies wholly within the first `within` bytes.
    private static func firstRange(of needle: [UInt8], in bytes: [UInt8], within: Int = prefixBytes) -> Range<Int>? {
        let limit = min(bytes.count, within)
        guard needle.count <= limit else { return nil }
        for start in 0...(limit - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start..<(start + needle.count) }
        }
        return nil
    }
}

extension CacheStore {
    /// A file at the layout's paths that carries our mark.
    struct MarkedFile {
        var path: String
        var owner: Owner
        var size: Int64
    }

    /// The files at the layout's paths that carry our mark (`OutputMark`)
    /// naming an owner of their path's kind that `shard` owns, except
    /// those `listed` lists; and the other files at those paths (no mark,
    /// or another shard's).
    func markedFiles(except listed: (String) -> Bool, shard: Shard) -> (marked: [MarkedFile], unmarked: [String]) {
        var marked: [MarkedFile] = [], unmarked: [String] = []
        for path in layoutFiles() where !listed(path) {
            guard let owner = markedOwner(path), let (kind, ownerKind) = Kinds.parse(path), owner.kind == ownerKind else {
                unmarked.append(path)
                continue
            }
            guard shard.owns(kind.declaration.shardKey(owner)) else { continue }
            marked.append(MarkedFile(path: path, owner: owner, size: fileSize(path) ?? 0))
        }
        return (marked, unmarked)
    }

    /// The owner the mark of output `path` names, nil when it carries none
    /// (or cannot be read).
    func markedOwner(_ path: String) -> Owner? {
        let wholeLimit = 64 << 20, prefixCount = 64 << 10
        if OutputMark.readsWholeFile(path) {
            return read(path, limit: wholeLimit).flatMap { OutputMark.owner(ofFile: $0, path: path) }
        }
        guard let head = readPrefix(path, count: prefixCount) else { return nil }
        if let owner = OutputMark.owner(ofFile: head, path: path) { return owner }
        if OutputMark.readsEnd(path) {
            return readSuffix(path, count: prefixCount).flatMap { OutputMark.owner(ofFile: $0, path: path) }
        }
        // A mark that begins in the prefix but runs past it (a long id's)
        // is read from the whole file.
        guard head.count == prefixCount, OutputMark.beginsIn(head) else { return nil }
        return read(path, limit: wholeLimit).flatMap { OutputMark.owner(ofFile: $0, path: path) }
    }
}

/// The types of file the kinds write, by suffix: the one table of them.
/// Each says where its owner's mark goes (`OutputMark`'s switches are
/// exhaustive over it), so a kind that writes a new type adds a case and
/// is then asked for its mark.
enum OutputFileType: String, CaseIterable, Sendable {
    case png, jpg, webp, html, css, js, pdf

    /// The type of the file at `path`, by its suffix; nil for none.
    init?(path: String) {
        guard let dot = path.lastIndex(of: "."), let type = Self(rawValue: String(path[path.index(after: dot)...])) else {
            return nil
        }
        self = type
    }

    /// The mark comes after the file's content (WebP's XMP chunk follows
    /// the image data): the whole file is read for it.
    var markAtTheEnd: Bool {
        switch self {
        case .webp: true
        case .png, .jpg, .html, .css, .js, .pdf: false
        }
    }

    /// The file is written whole by its kind's writer, which puts the mark
    /// in it (a PDF's metadata); the run does not add it.
    var markedByItsWriter: Bool {
        switch self {
        case .pdf: true
        case .png, .jpg, .webp, .html, .css, .js: false
        }
    }
}
