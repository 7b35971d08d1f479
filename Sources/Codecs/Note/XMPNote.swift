/// The XMP packet a WebP output carries its note in (`ImageNote`): one
/// description whose `xmp:CreatorTool` is the note, the property XMP has
/// for "the tool that created the resource".
enum XMPNote {
    static func packet(creatorTool text: String) -> [UInt8] {
        // The note is printable ASCII; the characters XML reserves are escaped.
        var escaped = ""
        for ch in text {
            switch ch {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(ch)
            }
        }
        return Array(("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmp:CreatorTool=\"\(escaped)\"/>"
            + "</rdf:RDF></x:xmpmeta>").utf8)
    }

    /// The `xmp:CreatorTool` attribute of a packet `packet` writes (not
    /// a general XMP reader: other packets give nil).
    static func creatorTool(_ xmp: [UInt8]) -> String? {
        let text = String(decoding: xmp, as: UTF8.self)
        guard let start = text.range(of: "xmp:CreatorTool=\""),
              let end = text[start.upperBound...].firstIndex(of: "\"") else { return nil }
        var value = Substring(text[start.upperBound..<end]), out = ""
        while let ch = value.first {
            if let (entity, plain) = [("&quot;", "\""), ("&lt;", "<"), ("&amp;", "&")].first(where: { value.hasPrefix($0.0) }) {
                out += plain
                value = value.dropFirst(entity.count)
            } else {
                out.append(ch)
                value = value.dropFirst()
            }
        }
        return out
    }
}
