import Codecs
import PhotiCase

/// What a request's path asks for. Ids are looked up in the diary, never
/// joined into a path, so the checks here only refuse what no id can be:
/// a segment whose escapes are broken, or that decodes to a slash, a NUL,
/// `.` or `..`.
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
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "entries" else { return .failure(.notFound) }
        guard let id = decode(parts[2]) else { return .failure(.badRequest("the entry id is not a valid percent-encoded name")) }
        guard !id.isEmpty, id != ".", id != "..", !id.contains("/"), !id.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { return .failure(.badRequest("'\(id)' cannot be an entry id")) }
        let file = parts[3]
        guard let dot = file.lastIndex(of: "."), let layout = ShareLayout(rawValue: String(file[..<dot])),
              let format = ImageFormat(fileExtension: String(file[file.index(after: dot)...])), format.isWritable
        else { return .failure(.notFound) }
        return .success(.share(id: id, request: ShareRequest(layout: layout, format: format), fileName: String(file)))
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
