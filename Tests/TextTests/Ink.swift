import PhotiCaseRaster

/// Where drawing changed a raster filled with one background colour.
struct Ink {
    /// Pixels that differ from the background.
    var count = 0
    /// The smallest rectangle holding them (nil when there are none).
    var bounds: PixelRect?

    init(_ raster: Raster, background: RGBA, columns: Range<Int>? = nil) {
        let xs = columns ?? 0..<raster.width
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<raster.height {
            for x in xs where raster[x, y] != background {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        if count > 0 { bounds = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) }
    }
}
