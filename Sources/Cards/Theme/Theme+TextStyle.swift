import PhotiCaseDiary
import PhotiCaseRaster
import PhotiCaseText

extension Theme {
    /// A text style in this theme's fonts: `points` tall at `scale`.
    public func textStyle(points: Double, scale: Double, weight: FontWeight = .regular, color: RGBA,
                          lineHeight: Double = 1.3, alignment: TextAlignment = .leading,
                          maxLines: Int? = nil, preserveNewlines: Bool = false) -> TextStyle {
        TextStyle(pixelSize: points * scale, weight: weight, color: color, lineHeight: lineHeight,
                  alignment: alignment, maxLines: maxLines,
                  fontFile: weight == .bold ? (boldFontFile ?? fontFile) : fontFile,
                  family: fontFamily, language: locale.rawValue, preserveNewlines: preserveNewlines)
    }
}
