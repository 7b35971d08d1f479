import Foundation
import Testing
@testable import PhotiCaseCodecs
import PhotiCaseRaster

/// Damaged JPEG data is an error, not a grey band; decode memory is budgeted.
@Suite struct DamageAndMemoryTests {
    /// A 256x192 baseline JPEG cut in the middle of its scan and closed
    /// with an EOI marker, as a failed copy or a broken upload leaves it.
    static func truncatedWithEOI() -> [UInt8] {
        let jpeg = Fixtures.encode(Fixtures.smooth(width: 256, height: 192), .jpeg(quality: 90))
        return Array(jpeg[..<(jpeg.count * 2 / 3)]) + [0xFF, 0xD9]
    }

    @Test func truncatedJPEGClosedWithEOIFails() {
        let bytes = Self.truncatedWithEOI()
        #expect(throws: CodecError.corrupt(.jpeg, "Corrupt JPEG data: premature end of data segment")) {
            try ImageDecoder.decode(bytes)
        }
        // Shrink-on-load takes the same path.
        #expect(throws: CodecError.self) {
            try ImageDecoder.decode(bytes, options: DecodeOptions(minimumSize: PixelSize(width: 32, height: 24)))
        }
    }

    @Test func truncatedJPEGWithoutEOIStillSaysTruncated() {
        let jpeg = Fixtures.encode(Fixtures.smooth(width: 256, height: 192), .jpeg(quality: 90))
        let cut = Array(jpeg[..<(jpeg.count / 2)])
        #expect(throws: CodecError.truncated(.jpeg, bytes: cut.count)) { try ImageDecoder.decode(cut) }
    }

    @Test func progressiveJPEGReservesItsCoefficients() throws {
        let raster = Fixtures.smooth(width: 400, height: 300)
        let progressive = Fixtures.encode(raster, .jpeg(quality: 90, progressive: true))
        let baseline = Fixtures.encode(raster, .jpeg(quality: 90))
        let needed = PixelSize(width: 50, height: 38)
        let options = DecodeOptions(minimumSize: needed)
        func peak(_ bytes: [UInt8]) throws -> Int {
            let header = try JPEGBinding.readHeader(bytes.withUnsafeBytes { $0 }, denominator: 1)
            return ImageDecoder.peakBytes(.jpeg(progressive: header.progressive, components: header.components),
                                          stored: PixelSize(width: 400, height: 300), needed: needed, options: options)
        }
        // 1/8 scale: 50x38 pixels out; a progressive file still holds
        // every coefficient of the full image (3 components x 2 bytes).
        #expect(try peak(baseline) == 50 * 38 * 4)
        #expect(try peak(progressive) == 50 * 38 * 4 + 400 * 300 * 3 * 2)
    }

    @Test func aDecodeLargerThanTheWholeBudgetFailsAlone() throws {
        let progressive = Fixtures.encode(Fixtures.smooth(width: 400, height: 300), .jpeg(quality: 90, progressive: true))
        let small = MemoryBudget(limit: 100_000)
        do {
            _ = try ImageDecoder.decode(progressive, options: DecodeOptions(budget: small))
            Issue.record("decoded past the budget")
        } catch let error as CodecError {
            guard case .memoryLimit(.jpeg, _, 100_000) = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("more than the memory limit of 97.7 KiB"))
            #expect(error.isTransient)
        }
        #expect(small.inUse == 0)
        // Within budget it decodes, and gives the memory back.
        let roomy = MemoryBudget(limit: 8 << 20)
        #expect(try ImageDecoder.decode(progressive, options: DecodeOptions(budget: roomy)).raster.width == 400)
        #expect(roomy.inUse == 0)
    }

    @Test func parallelReservationsNeverExceedTheBudget() async {
        let budget = MemoryBudget(limit: 1000)
        let peak = PeakCounter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    _ = try? budget.withReservation(600, format: .jpeg) {
                        peak.enter(600)
                        usleep(2000)
                        peak.leave(600)
                    }
                }
            }
        }
        #expect(peak.highest == 600)  // two 600s never overlap in a 1000 budget
        #expect(peak.entered == 8)
    }

    @Test(arguments: [("512M", 512 << 20), ("2G", 2 << 30), ("1.5GiB", 3 << 29), ("800000000", 800_000_000), ("64mb", 64 << 20)])
    func memoryLimitsParse(_ text: String, _ bytes: Int) {
        #expect(MemoryBudget.parse(text) == bytes)
    }

    @Test(arguments: ["", "abc", "-1G", "0", "12K", "inf"])
    func badMemoryLimitsAreRefused(_ text: String) {
        #expect(MemoryBudget.parse(text) == nil)
    }
}

/// Counts concurrent holders.
final class PeakCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private(set) var highest = 0
    private(set) var entered = 0
    func enter(_ n: Int) {
        lock.withLock {
            current += n
            entered += 1
            highest = max(highest, current)
        }
    }
    func leave(_ n: Int) { lock.withLock { current -= n } }
}
