import Dispatch
import Foundation

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

    /// Source pixels a resize must read before `.automatic` uses more than one thread.
    public static let parallelThreshold = 1 << 20

    /// The reconstruction filter.
    public var filter: ResampleFilter
    /// How many threads a resize may use.
    public var parallelism: Parallelism

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
        let (h, v) = weights(sourceSize: source.size, to: size, from: rect, region: nil)
        return resample(source, h, v, to: size)
    }

    /// The source pixels a resize of an image of `sourceSize` to `size`
    /// from `rect` reads: every filter window lies inside it. A caller
    /// that can decode part of an image decodes this part and resamples
    /// it with `resample(_:region:of:to:from:)`.
    ///
    /// - Precondition: as for `resample(_:to:from:)`.
    public func footprint(sourceSize: PixelSize, to size: PixelSize, from rect: Rect? = nil) -> PixelRect {
        let (h, v) = weights(sourceSize: sourceSize, to: size, from: rect, region: nil)
        return PixelRect(x: h.first, y: v.first, width: h.end - h.first, height: v.end - v.first)
    }

    /// Resamples part of an image: `source` holds the pixels of `region`
    /// of a whole image of `wholeSize`, and `rect` is in the whole image's
    /// pixels. The result is `resample(whole, to: size, from: rect)` bit
    /// for bit: the weights are the whole image's (edges repeat at the
    /// whole image's edges), only where they read is moved.
    ///
    /// - Precondition: `source` is `region`'s size, and `region` contains
    ///   `footprint(sourceSize: wholeSize, to: size, from: rect)`.
    public func resample(_ source: Raster, region: PixelRect, of wholeSize: PixelSize, to size: PixelSize,
                         from rect: Rect? = nil) -> Raster {
        precondition(source.width == region.width && source.height == region.height,
                     "raster \(source.width)x\(source.height) is not region \(region)")
        let (h, v) = weights(sourceSize: wholeSize, to: size, from: rect, region: region)
        precondition(h.first >= 0 && h.end <= source.width && v.first >= 0 && v.end <= source.height,
                     "region \(region) does not hold what resampling \(String(describing: rect)) reads")
        return resample(source, h, v, to: size)
    }

    /// The two axes' weights for a resize of an image of `sourceSize`, with
    /// windows moved to read a raster of `region` when given.
    private func weights(sourceSize: PixelSize, to size: PixelSize, from rect: Rect?,
                         region: PixelRect?) -> (ResampleWeights, ResampleWeights) {
        precondition(size.width > 0 && size.height > 0, "resample to empty size \(size)")
        let r = rect ?? Rect(x: 0, y: 0, width: Double(sourceSize.width), height: Double(sourceSize.height))
        precondition(r.width > 0 && r.height > 0 && [r.x, r.y, r.width, r.height].allSatisfy(\.isFinite),
                     "resample from invalid rectangle \(r)")
        let h = ResampleWeights(kernel: filter.kernel(sourceExtent: r.width, outputCount: size.width),
                                sourceLength: sourceSize.width, origin: r.x, extent: r.width,
                                outputCount: size.width, shift: region?.x ?? 0)
        let v = ResampleWeights(kernel: filter.kernel(sourceExtent: r.height, outputCount: size.height),
                                sourceLength: sourceSize.height, origin: r.y, extent: r.height,
                                outputCount: size.height, shift: region?.y ?? 0)
        return (h, v)
    }

    private func resample(_ source: Raster, _ h: ResampleWeights, _ v: ResampleWeights, to size: PixelSize) -> Raster {
        let bands = bandCount(sourcePixels: (h.end - h.first) * (v.end - v.first), outputRows: size.height)
        return source.withUnsafeBytes { srcRaw in
            Raster(width: size.width, height: size.height, alphaMode: source.alphaMode) { dstRaw in
                let src = UncheckedPointers(source: srcRaw.bindMemory(to: UInt8.self).baseAddress!,
                                            destination: dstRaw.bindMemory(to: UInt32.self).baseAddress!)
                let alphaMode = source.alphaMode, width = source.width
                let run = { @Sendable (rows: Range<Int>) in
                    let band = ResampleBand(horizontal: h, vertical: v, sourceWidth: width, alphaMode: alphaMode)
                    band.run(rows: rows, source: src.source, destination: src.destination)
                }
                if bands == 1 {
                    run(0..<size.height)
                } else {
                    DispatchQueue.concurrentPerform(iterations: bands) { b in
                        run(size.height * b / bands ..< size.height * (b + 1) / bands)
                    }
                }
            }
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
