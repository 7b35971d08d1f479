import PhotiCaseCards
import PhotiCaseCodecs
import Foundation
import PhotiCaseRaster
import PhotiCaseDiary

/// Photos written to a temporary folder for one test run.
final class TestPhotos {
    let folder: String

    init() {
        folder = NSTemporaryDirectory() + "cards-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Writes `raster` as `name` (format from the extension) and returns its path.
    @discardableResult
    func write(_ raster: Raster, _ name: String, orientation: Orientation = .up) throws -> String {
        let path = "\(folder)/\(name)"
        let settings: EncodeSettings = name.hasSuffix(".jpg") ? .jpeg(quality: 95, chroma: .s444)
            : name.hasSuffix(".webp") ? .webp(quality: 95) : .png(compressionLevel: 1)
        try FileIO.writeAtomically(try ImageEncoder.encode(raster, settings: settings), to: path)
        return path
    }

    /// Writes raw bytes as `name`.
    @discardableResult
    func write(bytes: [UInt8], _ name: String) throws -> String {
        let path = "\(folder)/\(name)"
        try FileIO.writeAtomically(bytes, to: path)
        return path
    }

    /// A photo whose red channel is its x and green its y coordinate
    /// divided by `step`, blue a constant: any pixel tells where it came from.
    static func coordinates(width: Int, height: Int, step: Int = 1) -> Raster {
        var r = Raster(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { r[x, y] = RGBA(UInt8(x / step), UInt8(y / step), 128) }
        }
        return r
    }

    /// A smooth, photo-like picture: two diagonal gradients and a disc.
    static func scene(width: Int, height: Int, hue: Int) -> Raster {
        var r = Raster(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
                let d = ((fx - 0.6) * (fx - 0.6) + (fy - 0.35) * (fy - 0.35)).squareRoot()
                let disc = d < 0.18 ? 90.0 : 0
                r[x, y] = RGBA(UInt8(min(255, 60 + 150 * fx + disc)), UInt8((40 + 120 * fy + Double(hue * 40)).truncatingRemainder(dividingBy: 256)),
                               UInt8(min(255, 200 - 120 * fy + disc / 2)))
            }
        }
        return r
    }
}

extension TestPhotos {
    /// A busy photo: 3-pixel blocks of seeded random colours, pure white
    /// and black among them, the worst case for text laid over it.
    static func busy(width: Int, height: Int, seed: UInt64 = 7) -> Raster {
        var r = Raster(width: width, height: height)
        var state = seed
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        for by in stride(from: 0, to: height, by: 3) {
            for bx in stride(from: 0, to: width, by: 3) {
                let pick = next() % 8
                let c = pick == 0 ? RGBA.white : pick == 1 ? RGBA.black : RGBA(next(), next(), next())
                for y in by..<min(height, by + 3) {
                    for x in bx..<min(width, bx + 3) { r[x, y] = c }
                }
            }
        }
        return r
    }

    /// A transparent picture with an opaque disc of `color` in the middle
    /// and a soft half-transparent ring round it: a sticker or cut-out poster.
    static func sticker(width: Int, height: Int, color: RGBA) -> Raster {
        var r = Raster(width: width, height: height)
        let cx = Double(width) / 2, cy = Double(height) / 2, radius = Double(min(width, height)) * 0.3
        for y in 0..<height {
            for x in 0..<width {
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                if d < radius { r[x, y] = color } else if d < radius * 1.3 { r[x, y] = color.withOpacity(0.5) }
            }
        }
        return r
    }

    /// A photo of one flat colour.
    static func flat(_ color: RGBA, width: Int = 40, height: Int = 40) -> Raster {
        Raster(width: width, height: height, fill: color)
    }
}

/// A plain entry for tests.
func testEntry(id: String = "test", title: String = "헤어질 결심", day: Int = 27, rating: Double = 4.5,
               kind: EntryKind = .movie, front: FacePhoto? = nil, back: FacePhoto? = nil,
               memo: String? = "마침내. 안개 낀 바다와 산의 장면이 오래 남는다.") -> Entry {
    Entry(id: id, folder: "/tmp", title: title, date: CalendarDate(year: 2022, month: 8, day: day)!, rating: rating,
          kind: kind, director: "박찬욱", year: 2022, friends: ["민수", "지영"], memo: memo, front: front, back: back)
}
