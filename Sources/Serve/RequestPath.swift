import PhotiCaseCodecs
import PhotiCase

/// What a request's path asks for. Ids are looked up in the diary, never
/// joined into a path, so the checks here only refuse what no id can be.
///
/// An id is every segment between `/entries/` and the file name, so an
/// entry at `DIARY/2022/08/decision` (id `2022/08/decision`, as `render`
/// names it) is `/entries/2022/08/decision/story.jpg`, and the same id
/// escaped as one segment (`2022%2F08%2Fdecision`) is the same request.
/// Refused as 400: a broken escape, bytes that are not UTF-8, an empty,
/// `.` or `..` segment (before or after decoding), and any control
/// character (C0, DEL, C1), none of which is ever echoed back.
enum RequestPath: Equatable {
    case health
    case metrics
    case share(id: String, request: ShareRequest, fileName: String)

    enum Refusal: Error, Equatable {
        /// 400: the path cannot be read.
        case badRequest(String)
        /// 404: nothing is served there.
        case notFound
    }

    static func parse(_ path: String) -> Result<RequestPath, Refusal> {
        if path == "/healthz" { return .success(.health) }
        if path == "/metrics" { return .success(.metrics) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].isEmpty, parts[1] == "entries" else { return .failure(.notFound) }
        var segments: [String] = []
        for raw in parts[2..<(parts.count - 1)] {
            guard let decoded = decode(raw) else {
                return .failure(.badRequest("the entry id is not a valid percent-encoded UTF-8 name"))
            }
            segments += decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        }
        if let why = refusal(ofSegments: segments) { return .failure(.badRequest(why)) }
        let id = segments.joined(separator: "/")
        let file = parts[parts.count - 1]
        guard let dot = file.lastIndex(of: "."), let layout = ShareLayout(rawValue: String(file[..<dot])),
              let format = ShareFormat(fileExtension: String(file[file.index(after: dot)...])),
              // The defaults' scale and quality: always a request.
              let request = try? ShareRequest(layout: layout, format: format)
        else { return .failure(.notFound) }
        return .success(.share(id: id, request: request, fileName: String(file)))
    }

    /// Why an id of these segments cannot be one, nil when it can: said
    /// without repeating the id (it may hold what a terminal or a log
    /// would act on).
    static func refusal(ofSegments segments: [String]) -> String? {
        if segments.contains(where: \.isEmpty) { return "the entry id has an empty segment" }
        if segments.contains(where: { $0 == "." || $0 == ".." }) { return "the entry id has a '.' or '..' segment" }
        if segments.contains(where: { $0.unicodeScalars.contains(where: PlainText.isControl) }) {
            return "the entry id holds a control character"
        }
        return nil
    }

    /// `segment` with its percent-escapes decoded, nil when one is broken
    /// or the bytes are not UTF-8.
    static func decode(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        var it = segment.utf8.makeIterator()
        while let b = it.next() {
            guard b == UInt8(ascii: "%") else {
                bytes.append(b)
                continue
            }
            guard let h = it.next(), let l = it.next(), let hi = hex(h), let lo = hex(l) else { return nil }
            bytes.append(hi << 4 | lo)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
