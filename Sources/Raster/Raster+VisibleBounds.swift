extension Raster {
    /// The smallest rectangle holding every pixel that is not wholly
    /// transparent (alpha above 0); nil when there is none. What a mark
    /// drawn on a clear raster covers, to place it by its ink.
    public func visibleBounds() -> PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        withUnsafeBytes { p in
            for y in 0..<height {
                var i = y * width * 4 + 3
                for x in 0..<width {
                    if p[i] != 0 {
                        minX = Swift.min(minX, x)
                        maxX = Swift.max(maxX, x)
                        minY = Swift.min(minY, y)
                        maxY = y
                    }
                    i += 4
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
