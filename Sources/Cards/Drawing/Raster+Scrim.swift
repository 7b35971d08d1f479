import PhotiCaseRaster
import PhotiCaseImaging
/// The scrims faces lay between a photo and the text over it.
extension Raster {
    /// The mean alpha of `rect` (inside this raster), 0...1: how much of
    /// it a photo actually covers.
    func meanOpacity(in rect: PixelRect) -> Double {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return 0 }
        var sum = 0
        withUnsafeBytes { p in
            for y in area.y..<area.maxY {
                var i = (y * width + area.x) * 4 + 3
                for _ in 0..<area.width {
                    sum += Int(p[i])
                    i += 4
                }
            }
        }
        return Double(sum) / Double(area.width * area.height * 255)
    }

    /// The front's caption scrim over rows `top` to the bottom: black
    /// from nothing at `top`, reaching `textOpacity` at `textTop` and
    /// `bottomOpacity` at the last row. A `textOpacity` below what the
    /// straight ramp already gives there leaves the ramp as it is.
    mutating func applyCaptionScrim(from top: Int, textTop: Int, textOpacity: Double, bottomOpacity: Double) {
        let rect = PixelRect(x: 0, y: top, width: width, height: height - top)
        guard !rect.isEmpty else { return }
        let at = Double(textTop - top) / Double(max(1, rect.height - 1))
        let opacity = max(textOpacity, bottomOpacity * at)
        let stops = at > 0 && at < 1
            ? [GradientStop(0, RGBA.black.withOpacity(0)), GradientStop(at, RGBA.black.withOpacity(opacity)),
               GradientStop(1, RGBA.black.withOpacity(bottomOpacity))]
            : [GradientStop(0, RGBA.black.withOpacity(opacity)), GradientStop(1, RGBA.black.withOpacity(bottomOpacity))]
        fill(.linearGradient(.vertical(in: rect, stops: stops)), in: rect)
    }
}
