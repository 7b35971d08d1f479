import Testing
import CPhotiCaseShims
@testable import PhotiCaseCodecs
import PhotiCaseConcurrency
import PhotiCaseRaster

/// A JPEG or PNG decode told to stop gives up part-way (within a few rows
/// of being told), frees what it held and says so with `.stopped`; a
/// signal never raised changes no pixel.
@Suite struct StoppedDecodeTests {
    static let picture = PartialDecodeTests.noisy(width: 300, height: 200, seed: 7)

    static let encodings: [EncodeSettings] = [.png(compressionLevel: 1), .jpeg(quality: 90),
                                              .jpeg(quality: 90, progressive: true)]

    @Test(arguments: encodings)
    func aRaisedSignalStopsTheDecode(_ settings: EncodeSettings) throws {
        let bytes = try ImageEncoder.encode(Self.picture, settings: settings)
        let info = try bytes.withUnsafeBytes { try ImageDecoder.inspect($0) }
        let stop = StopSignal()
        stop.raise(.cancelled)
        #expect(throws: CodecError.stopped(.cancelled)) {
            try ImageDecoder.decode(bytes, plan: DecodePlan(info: info, options: DecodeOptions()), stop: stop)
        }
        let late = StopSignal(deadline: .now - .seconds(1))
        #expect(throws: CodecError.stopped(.deadline)) {
            try ImageDecoder.decode(bytes, plan: DecodePlan(info: info, options: DecodeOptions()), stop: late)
        }
    }

    /// Shrink-on-load (JPEG at 1/2, PNG in blocks of 2) and a JPEG region
    /// stop too; with a signal that is never raised every path gives the
    /// pixels it gives without one.
    @Test(arguments: encodings)
    func everyPathHonoursTheSignalAndKeepsItsPixels(_ settings: EncodeSettings) throws {
        let bytes = try ImageEncoder.encode(Self.picture, settings: settings)
        let info = try bytes.withUnsafeBytes { try ImageDecoder.inspect($0) }
        var plans = [DecodePlan(info: info, options: DecodeOptions()),
                     DecodePlan(info: info, options: DecodeOptions(minimumSize: PixelSize(width: 150, height: 100)))]
        if plans[0].canRestrict { plans.append(plans[0].restricted(to: PixelRect(x: 40, y: 50, width: 100, height: 60))) }
        #expect(plans[1].reduction != .none)
        for plan in plans {
            let plain = try ImageDecoder.decode(bytes, plan: plan)
            let watched = try ImageDecoder.decode(bytes, plan: plan, stop: StopSignal())
            #expect(watched.raster == plain.raster)
            let stop = StopSignal()
            stop.raise(.deadline)
            #expect(throws: CodecError.stopped(.deadline)) { try ImageDecoder.decode(bytes, plan: plan, stop: stop) }
        }
    }

    /// The C decoders ask between rows, not only at the start: a hook that
    /// says stop on its fifth question is asked exactly five times, and a
    /// hook that never says stop is asked all through the image.
    @Test(arguments: [EncodeSettings.png(compressionLevel: 1), .jpeg(quality: 90), .jpeg(quality: 90, progressive: true)])
    func theShimsAskBetweenRows(_ settings: EncodeSettings) throws {
        let bytes = try ImageEncoder.encode(Self.picture, settings: settings)
        final class Counter { var asked = 0; var stopAt: Int; init(_ n: Int) { stopAt = n } }
        func run(stopAt: Int) -> (pr_status, Int) {
            let counter = Counter(stopAt)
            var hook = pr_stop(requested: { context in
                let counter = Unmanaged<Counter>.fromOpaque(context!).takeUnretainedValue()
                counter.asked += 1
                return counter.asked >= counter.stopAt ? 1 : 0
            }, context: Unmanaged.passUnretained(counter).toOpaque())
            var report = pr_report()
            var out = [UInt8](repeating: 0, count: 300 * 200 * 4)
            let status = withExtendedLifetime(counter) {
                bytes.withUnsafeBytes { data in
                    out.withUnsafeMutableBufferPointer { o in
                        settings.format == .png
                            ? pr_png_decode(data.baseAddress!.assumingMemoryBound(to: UInt8.self), data.count, 1,
                                            o.baseAddress!, 300, 200, &report, &hook)
                            : pr_jpeg_decode(data.baseAddress!.assumingMemoryBound(to: UInt8.self), data.count, 1, 1000,
                                             o.baseAddress!, 300, 200, &report, 0, &hook)
                    }
                }
            }
            return (status, counter.asked)
        }
        let (whole, asked) = run(stopAt: .max)
        #expect(whole == PR_OK)
        // PNG: after rows 16, 32, ... 192 of 200; JPEG: every call for
        // rows (and each iMCU row of each progressive scan).
        #expect(asked >= 12, "asked \(asked) times in a whole decode")
        let (stopped, askedUntilStop) = run(stopAt: 5)
        #expect(stopped == PR_STOPPED)
        #expect(askedUntilStop == 5)
    }
}
