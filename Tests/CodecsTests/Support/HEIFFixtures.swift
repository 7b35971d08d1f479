import PhotiCaseCodecs
import Foundation
import Testing
import PhotiCaseRaster

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

/// Builds a grid HEIF (the way phones store large photos: tiles of HEVC
/// images that libheif joins) from single-image HEICs of the tiles, which
/// heif-enc makes; heif-enc itself cannot write grids.
enum HEIFGrid {
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + Array(type.utf8) + payload }
    static func fullBox(_ type: String, version: UInt8, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, UInt8(flags >> 16 & 255), UInt8(flags >> 8 & 255), UInt8(flags & 255)] + payload)
    }

    /// The whole box of `type` (first occurrence) in a file.
    static func wholeBox(_ file: [UInt8], _ type: String) -> [UInt8]? {
        guard let at = HEIFFixtures.find(file, type), at >= 4 else { return nil }
        let size = Int(file[at - 4]) << 24 | Int(file[at - 3]) << 16 | Int(file[at - 2]) << 8 | Int(file[at - 1])
        guard size >= 8, at - 4 + size <= file.count else { return nil }
        return Array(file[(at - 4)..<(at - 4 + size)])
    }

    /// A grid of `columns` x `rows` tiles, each a heif-enc HEIC (no
    /// thumbnail) of `tile` size, in row order.
    static func make(tiles: [[UInt8]], columns: Int, rows: Int, tile: PixelSize) -> [UInt8]? {
        var configs: [[UInt8]] = [], data: [[UInt8]] = []
        for file in tiles {
            guard let hvcC = wholeBox(file, "hvcC"), let mdat = wholeBox(file, "mdat") else { return nil }
            configs.append(hvcC)
            data.append(Array(mdat[8...]))
        }
        let n = tiles.count, gridID = n + 1
        let width = columns * tile.width, height = rows * tile.height
        let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        func meta(mdatStart: Int) -> [UInt8] {
            let hdlr = fullBox("hdlr", version: 0, be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            let pitm = fullBox("pitm", version: 0, be16(gridID))
            var infes: [UInt8] = []
            for id in 1...n { infes += fullBox("infe", version: 2, flags: 1, be16(id) + be16(0) + Array("hvc1".utf8) + [0]) }
            infes += fullBox("infe", version: 2, be16(gridID) + be16(0) + Array("grid".utf8) + [0])
            let iinf = fullBox("iinf", version: 0, be16(n + 1) + infes)
            let iref = fullBox("iref", version: 0, box("dimg", be16(gridID) + be16(n) + (1...n).flatMap { be16($0) }))
            // Properties: each tile's hvcC, one ispe for the tiles, one for the grid.
            let tileISPE = fullBox("ispe", version: 0, be32(tile.width) + be32(tile.height))
            let gridISPE = fullBox("ispe", version: 0, be32(width) + be32(height))
            let ipco = box("ipco", configs.flatMap { $0 } + tileISPE + gridISPE)
            var ipma = be32(n + 1)
            for id in 1...n { ipma += be16(id) + [2, 0x80 | UInt8(id), UInt8(n + 1)] }
            ipma += be16(gridID) + [1, UInt8(n + 2)]
            let iprp = box("iprp", ipco + fullBox("ipma", version: 0, ipma))
            // iloc version 1: 4-byte offsets and lengths; the grid's
            // descriptor lives in idat (construction method 1).
            var iloc: [UInt8] = [0x44, 0x00] + be16(n + 1)
            var offset = mdatStart
            for (i, d) in data.enumerated() {
                iloc += be16(i + 1) + be16(0) + be16(0) + be16(1) + be32(offset) + be32(d.count)
                offset += d.count
            }
            iloc += be16(gridID) + be16(1) + be16(0) + be16(1) + be32(0) + be32(8)
            let idat = box("idat", [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + be16(width) + be16(height))
            return fullBox("meta", version: 0, hdlr + pitm + fullBox("iloc", version: 1, iloc) + iinf + iref + iprp + idat)
        }
        let size = meta(mdatStart: 0).count
        let mdat = box("mdat", data.flatMap { $0 })
        return ftyp + meta(mdatStart: ftyp.count + size + 8) + mdat
    }
}
