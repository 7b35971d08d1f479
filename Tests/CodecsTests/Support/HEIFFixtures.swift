import Codecs
import Foundation
import Testing

/// HEIC and AVIF files made by the tests with libheif's heif-enc, and
/// decoded by libvips for reference. Tests skip when the tools are absent.
enum HEIFFixtures {
    static let toolsAvailable = Tools.which("heif-enc") != nil && Tools.which("vips") != nil
    static let skipMessage: Comment = "heif-enc or vips not found (Debian: libheif-examples, libvips-tools): HEIF tests skipped"

    /// A scratch folder removed by `cleanup`.
    static func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pr-heif-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Encodes `input` (PNG or JPEG bytes) with heif-enc and the given
    /// options; the output name's extension picks HEIC or AVIF.
    static func encode(_ input: [UInt8], inputName: String = "in.png", output: String, options: [String] = []) throws -> [UInt8] {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(input).write(to: URL(fileURLWithPath: "\(dir)/\(inputName)"))
        let status = try Tools.run("heif-enc", options + ["\(dir)/\(inputName)", "-o", "\(dir)/\(output)"]).status
        guard status == 0, let data = FileManager.default.contents(atPath: "\(dir)/\(output)") else {
            throw ToolFailed(tool: "heif-enc", status: status)
        }
        return [UInt8](data)
    }

    /// libvips' own decode of `bytes` (through libheif), as 8-bit RGBA.
    static func vipsDecode(_ bytes: [UInt8]) throws -> Raster {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/in.heic"))
        let status = try Tools.run("vips", ["copy", "\(dir)/in.heic", "\(dir)/out.png"]).status
        guard status == 0, let png = FileManager.default.contents(atPath: "\(dir)/out.png") else {
            throw ToolFailed(tool: "vips", status: status)
        }
        return try ImageDecoder.decode([UInt8](png)).raster
    }

    /// Replaces the first `pixi` property (16 bytes in heif-enc's files,
    /// associated with the primary image) by an `irot` of the same size:
    /// rotation `angle` x 90 degrees anticlockwise, without moving any
    /// other box.
    static func withIrot(_ heic: [UInt8], angle: UInt8) -> [UInt8]? {
        guard let at = find(heic, "pixi"), at >= 4 else { return nil }
        let start = at - 4
        let size = Int(heic[start]) << 24 | Int(heic[start + 1]) << 16 | Int(heic[start + 2]) << 8 | Int(heic[start + 3])
        guard size >= 9 else { return nil }
        var out = heic
        let box = Array(heic[start..<(start + 4)]) + Array("irot".utf8) + [angle] + [UInt8](repeating: 0, count: size - 9)
        out.replaceSubrange(start..<(start + size), with: box)
        return out
    }

    /// Rewrites the first `ispe` box's width and height.
    static func withISPE(_ heic: [UInt8], width: UInt32, height: UInt32) -> [UInt8]? {
        guard let at = find(heic, "ispe") else { return nil }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        var out = heic
        out.replaceSubrange((at + 8)..<(at + 16), with: be(width) + be(height))
        return out
    }

    /// Rewrites the primaries and transfer of the first `colr`/`nclx` box
    /// (heif-enc 1.15 ignores its own options for them).
    static func withNCLX(_ file: [UInt8], primaries: UInt8, transfer: UInt8) -> [UInt8]? {
        guard let at = find(file, "nclx"), at + 8 <= file.count else { return nil }
        var out = file
        out.replaceSubrange((at + 4)..<(at + 8), with: [0, primaries, 0, transfer])
        return out
    }

    static func find(_ bytes: [UInt8], _ type: String) -> Int? {
        let t = Array(type.utf8)
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == t[0] && Array(bytes[$0..<($0 + 4)]) == t }
    }

    struct ToolFailed: Error {
        var tool: String
        var status: Int32
    }
}
