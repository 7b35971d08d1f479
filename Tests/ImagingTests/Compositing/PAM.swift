import Foundation
import PhotiCaseRaster

/// A minimal reader and writer for the binary PAM (P7) images the golden
/// tests store: 8-bit RGB_ALPHA for rasters, GRAYSCALE for masks.
enum PAM {
    enum Image: Equatable {
        case rgba(width: Int, height: Int, pixels: [UInt8])
        case gray(width: Int, height: Int, pixels: [UInt8])
    }

    enum ReadError: Error, CustomStringConvertible {
        case badHeader(String)
        case truncated(expected: Int, found: Int)
        var description: String {
            switch self {
            case .badHeader(let why): return "PAM header: \(why)"
            case .truncated(let e, let f): return "PAM data: expected \(e) bytes, found \(f)"
            }
        }
    }

    static func encode(_ image: Image) -> Data {
        let (w, h, depth, type, px): (Int, Int, Int, String, [UInt8])
        switch image {
        case .rgba(let iw, let ih, let p): (w, h, depth, type, px) = (iw, ih, 4, "RGB_ALPHA", p)
        case .gray(let iw, let ih, let p): (w, h, depth, type, px) = (iw, ih, 1, "GRAYSCALE", p)
        }
        let header = "P7\nWIDTH \(w)\nHEIGHT \(h)\nDEPTH \(depth)\nMAXVAL 255\nTUPLTYPE \(type)\nENDHDR\n"
        return Data(header.utf8) + Data(px)
    }

    static func decode(_ data: Data) throws -> Image {
        let bytes = [UInt8](data)
        guard let end = findEndOfHeader(bytes) else { throw ReadError.badHeader("no ENDHDR") }
        let text = String(decoding: bytes[..<end.headerEnd], as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard text.hasPrefix("P7"), let w = fields["WIDTH"].flatMap({ Int($0) }),
              let h = fields["HEIGHT"].flatMap({ Int($0) }), let d = fields["DEPTH"].flatMap({ Int($0) }),
              fields["MAXVAL"] == "255" else { throw ReadError.badHeader(text) }
        let body = Array(bytes[end.dataStart...])
        guard body.count == w * h * d else { throw ReadError.truncated(expected: w * h * d, found: body.count) }
        switch (d, fields["TUPLTYPE"]) {
        case (4, "RGB_ALPHA"): return .rgba(width: w, height: h, pixels: body)
        case (1, "GRAYSCALE"): return .gray(width: w, height: h, pixels: body)
        default: throw ReadError.badHeader("unsupported depth \(d) / \(fields["TUPLTYPE"] ?? "?")")
        }
    }

    private static func findEndOfHeader(_ b: [UInt8]) -> (headerEnd: Int, dataStart: Int)? {
        let marker = Array("ENDHDR\n".utf8)
        guard b.count >= marker.count else { return nil }
        for i in 0...(b.count - marker.count) where b[i..<(i + marker.count)].elementsEqual(marker) {
            return (i, i + marker.count)
        }
        return nil
    }
}
