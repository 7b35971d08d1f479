import PhotiCaseTestSupport
import Foundation
import PhotiCaseCodecs
import PhotiCaseRaster

/// Runs outside reference decoders (djpeg, dwebp, Pillow) for tests.
enum Tools {
    /// The path of an executable on PATH, or nil.
    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    static let pillowAvailable: Bool = {
        guard which("python3") != nil else { return false }
        return (try? run("python3", ["-c", "import PIL, numpy"]))?.status == 0
    }()

    /// Runs a tool; returns its exit status and stdout.
    @discardableResult
    static func run(_ tool: String, _ args: [String]) throws -> (status: Int32, output: Data) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: which(tool) ?? tool)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, data)
    }

    /// Decodes with a PNM/PAM-writing tool (`djpeg`, `dwebp -pam`) and
    /// returns the image as RGBA, or nil when the tool refuses the file.
    static func decodeNetpbm(_ tool: String, _ args: [String]) throws -> Raster? {
        let (status, data) = try run(tool, args)
        guard status == 0 else { return nil }
        return try Netpbm.parse([UInt8](data))
    }

    /// Reference decodes of many files through Pillow, in one process;
    /// with `toSRGB` embedded ICC profiles are applied (ImageCms).
    static func pillowDecode(_ paths: [String], toSRGB: Bool = false) throws -> [String: Raster] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pr-ref-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = Corpus.packageRoot + "/scripts/reference-decode.py"
        let (_, out) = try run("python3", [script] + (toSRGB ? ["--to-srgb"] : []) + [dir] + paths)
        var result: [String: Raster] = [:]
        for line in String(decoding: out, as: UTF8.self).split(separator: "\n") {
            let f = line.split(separator: " ")
            guard f.count == 4, f[1] == "OK", let i = Int(f[0]), let w = Int(f[2]), let h = Int(f[3]) else { continue }
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(i).rgba")))
            result[paths[i]] = Raster(width: w, height: h, pixels: bytes)
        }
        return result
    }
}

/// Reads the binary Netpbm formats the reference tools write.
enum Netpbm {
    struct Malformed: Error {}

    static func parse(_ b: [UInt8]) throws -> Raster {
        var i = 0
        func token() throws -> String {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 || b[i] == 0x23 {
                if b[i] == 0x23 { while i < b.count, b[i] != 0x0A { i += 1 } } else { i += 1 }
            }
            let start = i
            while i < b.count, !(b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09) { i += 1 }
            guard i > start else { throw Malformed() }
            return String(decoding: b[start..<i], as: UTF8.self)
        }
        let magic = try token()
        var w = 0, h = 0, depth = 0
        switch magic {
        case "P5", "P6":
            w = Int(try token()) ?? 0; h = Int(try token()) ?? 0
            guard Int(try token()) == 255 else { throw Malformed() }
            depth = magic == "P5" ? 1 : 3
            i += 1
        case "P7":
            while true {
                let key = try token()
                if key == "ENDHDR" { i += 1; break }
                let value = try token()
                switch key {
                case "WIDTH": w = Int(value) ?? 0
                case "HEIGHT": h = Int(value) ?? 0
                case "DEPTH": depth = Int(value) ?? 0
                case "MAXVAL": guard value == "255" else { throw Malformed() }
                default: break
                }
            }
        default: throw Malformed()
        }
        guard w > 0, h > 0, [1, 3, 4].contains(depth), b.count - i >= w * h * depth else { throw Malformed() }
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for p in 0..<(w * h) {
            let s = i + p * depth
            switch depth {
            case 1: px[p * 4] = b[s]; px[p * 4 + 1] = b[s]; px[p * 4 + 2] = b[s]
            case 3: px[p * 4] = b[s]; px[p * 4 + 1] = b[s + 1]; px[p * 4 + 2] = b[s + 2]
            default: for c in 0..<4 { px[p * 4 + c] = b[s + c] }
            }
        }
        return Raster(width: w, height: h, pixels: px)
    }
}
