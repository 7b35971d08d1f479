import Foundation

/// The reconstruction filter a resize uses.
///
/// Shrinking widens each filter's support by the scale factor, so every
/// source pixel contributes (the filter also acts as the anti-aliasing
/// low-pass); enlarging uses the filter at its natural width.
public enum ResampleFilter: Sendable, Hashable, CaseIterable {
    /// Picks per axis: `lanczos3` when that axis shrinks or keeps its scale,
    /// `catmullRom` when it enlarges.
    ///
    /// Lanczos3 is the sharpest common filter that still suppresses
    /// aliasing well when many source pixels fall into one output pixel.
    /// For enlarging, Catmull-Rom is chosen over Mitchell because it
    /// interpolates (it passes through the source samples): a zoomed crop
    /// enlarged by a small factor stays as sharp as the photo instead of
    /// being softened, and an enlargement tends continuously to the exact
    /// copy at scale 1. Its slight overshoot at hard edges is clamped.
    case automatic
    /// Windowed sinc with three lobes.
    case lanczos3
    /// The interpolating cubic (Keys, a = -0.5; B = 0, C = 1/2).
    case catmullRom
    /// The Mitchell-Netravali cubic (B = C = 1/3): softer, almost no ringing.
    case mitchell
    /// Linear interpolation (a tent filter) when enlarging.
    case triangle
    /// Nearest neighbour when enlarging, an area average when shrinking.
    case box
}

/// One concrete filter kernel on the unit grid.
enum ResampleKernel: Sendable, Hashable {
    case lanczos3, catmullRom, mitchell, triangle, box

    /// Half the width of the kernel's non-zero part, in source pixels at scale 1.
    var radius: Double {
        switch self {
        case .lanczos3: 3
        case .catmullRom, .mitchell: 2
        case .triangle: 1
        case .box: 0.5
        }
    }

    /// The kernel's value at distance `x` from its centre.
    func callAsFunction(_ x: Double) -> Double {
        switch self {
        case .lanczos3:
            let ax = abs(x)
            guard ax < 3 else { return 0 }
            guard ax > 1e-9 else { return 1 }
            // sinc(x) sinc(x / 3) with one sine: sin(3t) = 3 sin t - 4 sin³ t
            // for t = πx / 3 (a resize evaluates it some 40,000 times, and
            // the sines were a tenth of a 12 MP resize's time).
            let t = Double.pi * ax / 3
            let s = sin(t)
            return (3 - 4 * s * s) * s * s / (t * t * 3)
        case .catmullRom: return ResampleKernel.cubic(x, b: 0, c: 0.5)
        case .mitchell: return ResampleKernel.cubic(x, b: 1.0 / 3, c: 1.0 / 3)
        case .triangle: return max(0, 1 - abs(x))
        // Half-open so that a sample exactly between two pixels belongs to one.
        case .box: return x >= -0.5 && x < 0.5 ? 1 : 0
        }
    }

    /// The kernel at `count` points from `x0`, `step` apart, into `out`:
    /// its values there, with a Lanczos kernel's sines stepped by rotation
    /// (sin and cos of the step turned through, four products a tap) in
    /// place of a sine a tap, which was most of a resize's planning.
    func values(from x0: Double, step: Double, count: Int, into out: UnsafeMutablePointer<Double>) {
        guard case .lanczos3 = self else {
            for k in 0..<count { out[k] = self(x0 + Double(k) * step) }
            return
        }
        // sin(πx / 3) at each point; the value needs only its square.
        let delta = Double.pi * step / 3
        let ds = sin(delta), dc = cos(delta)
        var s = sin(Double.pi * x0 / 3), c = cos(Double.pi * x0 / 3)
        for k in 0..<count {
            let ax = abs(x0 + Double(k) * step)
            if ax >= 3 {
                out[k] = 0
            } else if ax <= 1e-9 {
                out[k] = 1
            } else {
                // sinc(x) sinc(x / 3) = sin(3t) sin(t) / (3t²), t = πx / 3.
                let t = Double.pi * ax / 3
                out[k] = (3 - 4 * s * s) * s * s / (t * t * 3)
            }
            (s, c) = (s * dc + c * ds, c * dc - s * ds)
        }
    }

    /// The Mitchell-Netravali family of cubics with parameters B and C.
    private static func cubic(_ x: Double, b: Double, c: Double) -> Double {
        let ax = abs(x)
        let ax2 = ax * ax, ax3 = ax2 * ax
        if ax < 1 {
            return ((12 - 9 * b - 6 * c) * ax3 + (-18 + 12 * b + 6 * c) * ax2 + (6 - 2 * b)) / 6
        }
        if ax < 2 {
            return ((-b - 6 * c) * ax3 + (6 * b + 30 * c) * ax2 + (-12 * b - 48 * c) * ax + (8 * b + 24 * c)) / 6
        }
        return 0
    }
}

extension ResampleFilter {
    /// The kernel for one axis that maps `sourceExtent` source pixels onto
    /// `outputCount` output pixels.
    func kernel(sourceExtent: Double, outputCount: Int) -> ResampleKernel {
        switch self {
        case .automatic: sourceExtent < Double(outputCount) ? .catmullRom : .lanczos3
        case .lanczos3: .lanczos3
        case .catmullRom: .catmullRom
        case .mitchell: .mitchell
        case .triangle: .triangle
        case .box: .box
        }
    }
}
