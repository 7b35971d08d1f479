import Dispatch
import Foundation
import PhotiCaseRaster
import PhotiCaseConcurrency
import CPhotiCasePixelKernels

/// Crops and resizes a raster in one separable pass.
///
/// The source span is given as a fractional rectangle in source pixels; the
/// filter reads pixels around it too (a crop edge is filtered like any other
/// place in the photo), and beyond the image's own edge it repeats the edge
/// pixel. Work happens on premultiplied colour so transparent pixels lend
/// no colour to their neighbours; the result has the source's `alphaMode`.
///
/// Cost: each needed source row is filtered horizontally once, then output
/// rows are combined vertically from a small ring of filtered rows; only
/// the source rows and columns the filter windows touch are read.
public struct Resampler: Sendable {
    /// How many threads one resize may use.
    public enum Parallelism: Sendable, Hashable {
        /// One thread: what a caller that already runs many images in parallel wants.
        case single
        /// Split output rows over up to `threads` threads.
        case threads(Int)
        /// Split large resizes (at least `Resampler.parallelThreshold` source
        /// pixels read) over the active processors, at most 4.
        case automatic
    }

    /// The arithmetic of a resize.
    public enum Arithmetic: Sendable, Hashable {
        /// 16-bit fixed point with 14-bit weights, on the widest SIMD the
        /// CPU has (AVX2, else SSE2): what every image is drawn with.
        case fixed
        /// The fixed point on one path, the same bytes on each: for tests
        /// and benchmarks that hold the paths to each other.
        case fixedPath(SIMDPath)
        /// 32-bit float with the same weights: the reference the fixed
        /// point stays within 1 of, in every channel.
        case float
    }

    /// The code a fixed-point resize runs; one the CPU lacks falls back
    /// to the next one down.
    public enum SIMDPath: Sendable, Hashable, CaseIterable {
        case scalar, sse2, avx2

        /// The widest this CPU has.
        public static var best: SIMDPath {
            switch pk_best_path() {
            case PK_PATH_AVX2: .avx2
            case PK_PATH_SSE2: .sse2
            default: .scalar
            }
        }

        var kernel: pk_path {
            switch self {
            case .scalar: PK_PATH_SCALAR
            case .sse2: PK_PATH_SSE2
            case .avx2: PK_PATH_AVX2
            }
        }
    }

    /// Source pixels a resize must read before `.automatic` uses more than one thread.
    public static let parallelThreshold = 1 << 20

    /// The reconstruction filter.
    public var filter: ResampleFilter
    /// How many threads a resize may use.
    public var parallelism: Parallelism
    /// Fixed point (the default) or the float reference.
    public var arithmetic: Arithmetic = .fixed
    /// Checked every `stopCheckRows` output rows: raised, the resize
    /// returns at once with the rest of its raster unwritten, for a caller
    /// that then throws it away.
    public var stop: StopSignal?

    /// Output rows between two looks at `stop`: a band of work.
    public static let stopCheckRows = 32

    public init(filter: ResampleFilter = .automatic, parallelism: Parallelism = .automatic) {
        self.filter = filter
        self.parallelism = parallelism
    }

    /// Resamples `source` (the whole image, or the part `rect` in source
    /// pixels, which may be fractional) to exactly `size`.
    ///
    /// - Precondition: `size` is positive and `rect`, when given, is finite
    ///   with a positive width and height.
    public func resample(_ source: Raster, to size: PixelSize, from rect: Rect? = nil) -> Raster {
        resample(source, plan: plan(sourceSize: source.size, to: size, from: rect))
    }

    /// A resize of an image of `sourceSize` to `size` from `rect`, worked
    /// out once: its filter weights, and the source pixels it reads
    /// (`ResamplePlan.footprint`). A caller that can decode part of an
    /// image decodes the footprint and resamples it with `resample(_:plan:region:)`.
    ///
    /// - Precondition: as for `resample(_:to:from:)`.
    public func plan(sourceSize: PixelSize, to size: PixelSize, from rect: Rect? = nil) -> ResamplePlan {
        precondition(size.width > 0 && size.height > 0, "resample to empty size \(size)")
        let r = rect ?? Rect(x: 0, y: 0, width: Double(sourceSize.width), height: Double(sourceSize.height))
        precondition(r.width > 0 && r.height > 0 && [r.x, r.y, r.width, r.height].allSatisfy(\.isFinite),
                     "resample from invalid rectangle \(r)")
        let h = ResampleWeights(kernel: filter.kernel(sourceExtent: r.width, outputCount: size.width),
                                sourceLength: sourceSize.width, origin: r.x, extent: r.width, outputCount: size.width)
        let v = ResampleWeights(kernel: filter.kernel(sourceExtent: r.height, outputCount: size.height),
                                sourceLength: sourceSize.height, origin: r.y, extent: r.height, outputCount: size.height)
        return ResamplePlan(horizontal: h, vertical: v, sourceSize: sourceSize, size: size)
    }

    /// Resamples by `plan`: `source` is the whole image (`region` nil) or
    /// holds the pixels of `region` of it. Either way the result is the
    /// whole image's resample, bit for bit: the weights are the whole
    /// image's (edges repeat at its edges); only where they read moves.
    ///
    /// - Precondition: `source` is the plan's source size, or `region`'s
    ///   size with `region` containing `plan.footprint`.
    public func resample(_ source: Raster, plan: ResamplePlan, region: PixelRect? = nil) -> Raster {
        let within = region ?? PixelRect(x: 0, y: 0, width: plan.sourceSize.width, height: plan.sourceSize.height)
        precondition(source.width == within.width && source.height == within.height,
                     "raster \(source.width)x\(source.height) is not \(within) of the plan's source")
        precondition(plan.footprint.intersection(within) == plan.footprint,
                     "\(within) does not hold what the resize reads, \(plan.footprint)")
        let h = plan.horizontal, v = plan.vertical, size = plan.size
        let origin = (x: within.x, y: within.y)
        let bands = bandCount(sourcePixels: (h.end - h.first) * (v.end - v.first), outputRows: size.height)
        return source.withUnsafeBytes { srcRaw in
            // Every output pixel is written by exactly one band.
            Raster(width: size.width, height: size.height, alphaMode: source.alphaMode, writingEveryByte: { dstRaw in
                let src = UncheckedPointers(source: srcRaw.bindMemory(to: UInt8.self).baseAddress!,
                                            destination: dstRaw.bindMemory(to: UInt32.self).baseAddress!)
                let alphaMode = source.alphaMode, width = source.width, height = source.height, stop = self.stop
                let arithmetic = self.arithmetic
                let run = { @Sendable (rows: Range<Int>) in
                    // Bands of `stopCheckRows` rows, with a look at `stop`
                    // before each.
                    func bands(_ body: (Range<Int>) -> Void) {
                        guard let stop else { return body(rows) }
                        for start in stride(from: rows.lowerBound, to: rows.upperBound, by: Resampler.stopCheckRows) {
                            if stop.isRaised { return }
                            body(start..<min(start + Resampler.stopCheckRows, rows.upperBound))
                        }
                    }
                    switch arithmetic {
                    case .float:
                        let band = ResampleBand(horizontal: h, vertical: v, sourceWidth: width, origin: origin,
                                                alphaMode: alphaMode)
                        bands { band.run(rows: $0, source: src.source, destination: src.destination) }
                    case .fixed, .fixedPath:
                        let path = if case .fixedPath(let p) = arithmetic { p.kernel } else { PK_PATH_BEST }
                        let band = FixedResampleBand(horizontal: h, vertical: v, sourceWidth: width,
                                                     sourceHeight: height, origin: origin, alphaMode: alphaMode,
                                                     path: path)
                        bands { band.run(rows: $0, source: src.source, destination: src.destination) }
                    }
                }
                if bands == 1 {
                    run(0..<size.height)
                } else {
                    DispatchQueue.concurrentPerform(iterations: bands) { b in
                        run(size.height * b / bands ..< size.height * (b + 1) / bands)
                    }
                }
            })
        }
    }

    private func bandCount(sourcePixels: Int, outputRows: Int) -> Int {
        let wanted: Int
        switch parallelism {
        case .single: wanted = 1
        case .threads(let n): wanted = n
        case .automatic:
            wanted = sourcePixels >= Resampler.parallelThreshold
                ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1
        }
        // Each band refilters up to a window of rows at its top: keep bands tall.
        return max(1, min(wanted, outputRows / 16))
    }
}

/// A resize worked out for a source size (`Resampler.plan(sourceSize:to:from:)`):
/// reusable for any raster of that size, or of a part holding `footprint`.
public struct ResamplePlan: Sendable {
    let horizontal: ResampleWeights
    let vertical: ResampleWeights
    /// The size of the whole source image.
    public let sourceSize: PixelSize
    /// The output size.
    public let size: PixelSize

    /// The source pixels the resize reads: every filter window lies inside it.
    public var footprint: PixelRect {
        PixelRect(x: horizontal.first, y: vertical.first, width: horizontal.end - horizontal.first,
                  height: vertical.end - vertical.first)
    }
}

/// The source and destination bytes, shared read-only / by disjoint rows
/// between the bands of one resize.
private struct UncheckedPointers: @unchecked Sendable {
    let source: UnsafePointer<UInt8>
    let destination: UnsafeMutablePointer<UInt32>
}

extension Raster {
    /// This raster resampled to exactly `size`.
    ///
    /// - Parameters:
    ///   - size: the output size in pixels.
    ///   - source: the part of this raster to scale, in (possibly
    ///     fractional) source pixels; the whole raster when nil. Pixels
    ///     around it are still read by the filter; outside the raster the
    ///     edge pixel repeats.
    ///   - filter: the reconstruction filter; `.automatic` uses Lanczos3 to
    ///     shrink and Catmull-Rom to enlarge, chosen per axis.
    /// - Returns: a raster of `size` in this raster's `alphaMode`. Large
    ///   resizes may use several threads (see `Resampler.Parallelism`).
    public func resized(to size: PixelSize, from source: Rect? = nil,
                        filter: ResampleFilter = .automatic) -> Raster {
        Resampler(filter: filter).resample(self, to: size, from: source)
    }
}
