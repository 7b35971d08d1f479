import Testing
@testable import PhotiCaseImaging
import PhotiCaseRaster

/// A wide blur done on the reduced mask stays within two levels of 255 of
/// the full-resolution blur, keeps its size and margin, its mass and its
/// symmetry (mass within 1.5%: the smallest shapes lose most to rounding
/// the reduced cells), for shapes as the cards cast them (a card with rounded
/// corners and notches, a thin bar, an odd size).
@Suite struct ReducedBlurTests {
    static let shapes: [(String, AlphaMask)] = [
        ("card", AlphaMask(path: .roundedRect(Rect(x: 0, y: 0, width: 600, height: 960), radii: CornerRadii(36)),
                           width: 600, height: 960)),
        ("ticket", AlphaMask(path: TicketShape(rect: Rect(x: 0, y: 0, width: 421, height: 677), cornerRadius: 24,
                                               notchRadius: 16, notchOffset: 500, perforationRadius: 3, perforationSpacing: 14).path, width: 421, height: 677)),
        ("bar", AlphaMask(path: .rect(Rect(x: 0, y: 3, width: 97, height: 5)), width: 97, height: 11)),
    ]

    @Test(arguments: [6.0, 9.0, 13.5, 18.0, 27.0])
    func reducedMatchesTheFullBlur(sigma: Double) {
        for (name, mask) in Self.shapes {
            let full = mask.exactBlur(sigma: sigma), fast = mask.gaussianBlurred(sigma: sigma)
            #expect(fast.width == full.width && fast.height == full.height, "\(name) at \(sigma)")
            var worst = 0
            for i in 0..<full.coverage.count {
                worst = max(worst, abs(Int(full.coverage[i]) - Int(fast.coverage[i])))
            }
            #expect(worst <= 2, "\(name) at sigma \(sigma): differs by up to \(worst) levels")
            let ratio = Double(fast.totalCoverage) / Double(full.totalCoverage)
            #expect(abs(ratio - 1) < 0.015, "\(name) at sigma \(sigma): mass ratio \(ratio)")
        }
    }

    @Test func narrowBlursStayExact() {
        let mask = Self.shapes[0].1
        #expect(mask.gaussianBlurred(sigma: 5.9) == mask.exactBlur(sigma: 5.9))
    }
}
