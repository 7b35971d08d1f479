#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PhotiCaseRaster

/// Rasterizes a `Path` into an `AlphaMask` by exact area coverage.
///
/// Every edge adds, to each pixel of each row it crosses, the signed area
/// of that pixel lying to the right of the edge, stored as differences
/// along the row. A running sum over the row then gives, per pixel, the
/// winding-weighted area inside the outline; its magnitude clamped to 1 is
/// the coverage. Inside a contour and inside holes the sum is an integer
/// winding number, so the non-zero rule holds there; only pixels crossed by
/// edges of two overlapping contours are approximated (by clamping the sum).
/// No blurring and no sampling: a pixel half covered gets 128.
public enum PathRasterizer {
    /// Rows accumulated at once: enough to share the per-edge work, few
    /// enough that a card-wide band of cells stays in the CPU cache.
    static let bandRows = 32

    /// The coverage of `path` on a `width` x `height` grid whose top-left
    /// pixel covers [0, 1) x [0, 1) in path coordinates. Parts outside are clipped.
    public static func mask(for path: Path, width: Int, height: Int) -> AlphaMask {
        var mask = AlphaMask(width: width, height: height)
        // Only the path's bounding box can hold coverage: everything left of it
        // is outside, and each row's sum returns to zero right of it.
        let box = path.pixelBounds(within: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !box.isEmpty else { return mask }
        let x0 = box.x, y0 = box.y, bw = box.width, bh = box.height
        // Rows are done a band at a time so the cells stay in cache; every
        // band sees every edge, and edges outside it return at once.
        let band = Swift.min(bh, bandRows)
        let blocks = (bw + CoverageGrid.blockShift.mask) >> CoverageGrid.blockShift.bits
        // Double, not Float: the running sum must come out the same whichever
        // column a mask starts at, or a shape drawn in tiles gets seams.
        var cells = [Double](repeating: 0, count: bw * band)
        var touched = [Bool](repeating: false, count: blocks * band)
        let w = width
        cells.withUnsafeMutableBufferPointer { a in
            touched.withUnsafeMutableBufferPointer { t in
                mask.coverage.withUnsafeMutableBufferPointer { out in
                    for first in stride(from: 0, to: bh, by: band) {
                        let rows = Swift.min(band, bh - first)
                        var grid = CoverageGrid(cells: a, touched: t, width: bw, height: rows)
                        let ox = Double(x0), oy = Double(y0 + first)
                        for contour in path.contours {
                            var p = contour[contour.count - 1]
                            for q in contour {
                                grid.addEdge(Point(x: p.x - ox, y: p.y - oy), Point(x: q.x - ox, y: q.y - oy))
                                p = q
                            }
                        }
                        for r in 0..<rows {
                            resolveRow(a, t, row: r, width: bw, blocks: blocks,
                                       into: out.baseAddress! + (y0 + first + r) * w + x0)
                        }
                    }
                }
            }
        }
        return mask
    }

    /// Turns one row of cells into coverage bytes, clearing the cells. Runs
    /// of blocks no edge touched hold one constant value (inside or outside
    /// the shape) and are filled without summing.
    @inline(__always)
    private static func resolveRow(_ a: UnsafeMutableBufferPointer<Double>, _ t: UnsafeMutableBufferPointer<Bool>,
                                   row r: Int, width bw: Int, blocks: Int, into out: UnsafeMutablePointer<UInt8>) {
        var sum = 0.0
        let base = r * bw
        for b in 0..<blocks {
            let from = b << CoverageGrid.blockShift.bits
            let to = Swift.min(bw, from + CoverageGrid.blockShift.mask + 1)
            if t[r * blocks + b] {
                t[r * blocks + b] = false
                for c in from..<to {
                    sum += a[base + c]
                    a[base + c] = 0
                    out[c] = UInt8(Swift.min(abs(sum), 1) * 255 + 0.5)
                }
            } else {
                let v = UInt8(Swift.min(abs(sum), 1) * 255 + 0.5)
                // The mask starts zeroed, so empty runs need no writing.
                if v != 0 { (out + from).update(repeating: v, count: to - from) }
            }
        }
    }
}

extension AlphaMask {
    /// The coverage of `path` on a `width` x `height` mask (see `PathRasterizer`).
    public init(path: Path, width: Int, height: Int) {
        self = PathRasterizer.mask(for: path, width: width, height: height)
    }

    /// The coverage of `path` over `rect`: the mask's top-left pixel is the
    /// pixel at (`rect.x`, `rect.y`) in path coordinates.
    public init(path: Path, covering rect: PixelRect) {
        self = PathRasterizer.mask(for: path.offsetBy(dx: Double(-rect.x), dy: Double(-rect.y)),
                                   width: rect.width, height: rect.height)
    }
}

/// Per-row difference cells that edges are accumulated into.
struct CoverageGrid {
    /// Cells are grouped in blocks of 16 per row for `touched`.
    static let blockShift = (bits: 4, mask: 15)
    let cells: UnsafeMutableBufferPointer<Double>
    /// Per row and block: whether any edge wrote a cell there.
    let touched: UnsafeMutableBufferPointer<Bool>
    let width: Int
    let height: Int
    let blocksPerRow: Int

    init(cells: UnsafeMutableBufferPointer<Double>, touched: UnsafeMutableBufferPointer<Bool>, width: Int, height: Int) {
        self.cells = cells
        self.touched = touched
        self.width = width
        self.height = height
        blocksPerRow = (width + Self.blockShift.mask) >> Self.blockShift.bits
    }

    /// Adds the line from `p` to `q` (grid coordinates). Downward edges add
    /// positive area, upward ones negative.
    mutating func addEdge(_ p: Point, _ q: Point) {
        if p.y == q.y { return }
        let (top, bottom, dir) = p.y < q.y ? (p, q, 1.0) : (q, p, -1.0)
        if bottom.y <= 0 || top.y >= Double(height) { return }
        let dxdy = (bottom.x - top.x) / (bottom.y - top.y)
        let rowStart = Int(Swift.max(0, top.y).rounded(.down))
        let rowEnd = Int(Swift.min(Double(height), bottom.y).rounded(.up))
        for row in rowStart..<rowEnd {
            let ya = Swift.max(top.y, Double(row))
            let yb = Swift.min(bottom.y, Double(row + 1))
            if yb <= ya { continue }
            let xa = top.x + (ya - top.y) * dxdy
            let xb = top.x + (yb - top.y) * dxdy
            addSpan(row, Swift.min(xa, xb), Swift.max(xa, xb), dir * (yb - ya))
        }
    }

    /// Adds a piece of edge within one row, spanning `xl...xr`, with signed
    /// height `d`. After the row's running sum, pixel c must have gained
    /// F(c) = d * (mean over the piece of the part of [c, c+1] right of it),
    /// which is d * (H(c+1-xl) - H(c+1-xr)) / (xr - xl) with H the integral
    /// of clamp(u, 0, 1); each cell stores F(c) - F(c-1).
    @inline(__always)
    private mutating func addSpan(_ row: Int, _ xl: Double, _ xr: Double, _ d: Double) {
        if xl >= Double(width) { return }
        if xr < 0 { add(row, 0, d); return }
        // Clamped before conversion so far-away points cannot overflow Int.
        let cl = Int(Swift.max(xl, -1).rounded(.down))
        let cr = Int(Swift.min(xr, Double(width)).rounded(.down))
        if cl == cr {
            // Inside one column: the covered part is the column's width right
            // of the piece's mean x.
            let f = (xl + xr) / 2 - Double(cl)
            add(row, cl, d * (1 - f))
            if cl + 1 < width { add(row, cl + 1, d * f) }
            return
        }
        let scale = d / (xr - xl)
        let start = Swift.max(cl, 0), end = Swift.min(cr + 1, width - 1)
        // The running sum starts at column 0, so column 0 must receive all of
        // F(0), including the part of the piece left of the grid. Starting
        // from F(-1) instead dropped that part from the whole rest of the
        // row: the lighter hairlines through shapes cut by a mask's left edge.
        var prev = 0.0
        for c in start...end {
            let edge = Double(c + 1)
            let f = scale * (Self.h(edge - xl) - Self.h(edge - xr))
            add(row, c, f - prev)
            prev = f
        }
    }

    @inline(__always)
    private func add(_ row: Int, _ column: Int, _ v: Double) {
        cells[row * width + column] += v
        touched[row * blocksPerRow + column >> Self.blockShift.bits] = true
    }

    /// The integral from -infinity to `u` of clamp(s, 0, 1) ds.
    @inline(__always)
    private static func h(_ u: Double) -> Double {
        if u <= 0 { return 0 }
        return u < 1 ? u * u / 2 : u - 0.5
    }
}
