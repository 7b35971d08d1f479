import Foundation
import PhotiCaseImaging
import PhotiCaseRaster
import PhotiCaseDiary

/// Lays out and draws Korean and Latin text: fonts found by fontconfig (or
/// given as files) with per-character fallback, shaped by HarfBuzz,
/// rasterized anti-aliased by FreeType, composited onto a `Raster`.
///
/// Not thread-safe: FreeType faces may be used by one thread at a time. Make
/// one `TextRenderer` per thread (each caches its own faces and glyphs); the
/// `TextLayout` values it returns are plain values and may travel freely.
public final class TextRenderer {
    let system: FontSystem

    /// A renderer finding fonts through `discovery`.
    public init(discovery: FontDiscovery = .fontconfig) throws(TextError) {
        system = try FontSystem(discovery: discovery)
    }

    /// The working memory layouts hold while they are made (`--memory-limit`).
    public var memory: MemoryBudget = .shared

    /// Called the first time each warning happens in this renderer (for
    /// instance once, with `.noHangulFont`, when Korean text has no font).
    public var warningHandler: ((TextWarning) -> Void)? {
        get { system.warningHandler }
        set { system.warningHandler = newValue }
    }

    /// Rasterized glyphs currently cached.
    public var cachedGlyphCount: Int { system.glyphs.count }

    /// Font faces opened so far.
    var openedFaceCount: Int { system.openedFaceCount }

    /// Breaks `text` into lines at most `width` pixels wide (`.infinity`:
    /// one line per paragraph) in `style`. Throws only when the style's own
    /// font file cannot be used.
    public func layout(_ text: String, style: TextStyle, width: Double) throws(TextError) -> TextLayout {
        precondition(style.pixelSize > 0 && style.pixelSize.isFinite, "pixel size must be positive")
        precondition(style.lineHeight > 0 && style.lineHeight.isFinite, "line height must be positive")
        precondition((style.maxLines ?? 1) >= 1, "maxLines must be at least 1")
        precondition(width > 0, "layout width must be positive")

        // Only what the lines can show is read (and said to be cut), and
        // the layout's working memory is reserved while it is made.
        let budget = TextBudget(style: style, width: width)
        let window = budget.window(of: text)
        return try memory.withBoundedReservation(TextBudget.workingMemory(ofWindow: window.text)) { () throws(TextError) in
            try layout(window: window, style: style, width: width, lines: budget.lines)
        }
    }

    /// `layout` of the window of text a budget let through.
    private func layout(window: (text: String, clipped: Bool), style: TextStyle, width: Double,
                        lines lineLimit: Int) throws(TextError) -> TextLayout {
        let cleaned = TextCleaner.paragraphs(window.text, preserveNewlines: style.preserveNewlines)
        // The ellipsis a cut line may end in is set too.
        let setting = cleaned.joined() + "\u{2026}"
        let chain = try system.faces(for: style, setting: setting)
        let shaper = ParagraphShaper(system: system, chain: chain, pixelSize: style.pixelSize,
                                     language: style.language)
        var missing: [Character] = []
        let paragraphs = cleaned.map { shaper.shape($0, missing: &missing) }
        var ellipsis = shaper.shapeSilently("\u{2026}")
        if ellipsis.isEmpty { ellipsis = shaper.shapeSilently("...") }

        let broken = LineBreaker(width: width, maxLines: lineLimit)
            .lines(paragraphs, ellipsis: ellipsis, moreFollows: window.clipped)
        let widths = broken.lines.map { LineBreaker.width(of: $0) }
        let boxWidth = width.isFinite ? width : (widths.max() ?? 0)
        let (ascent, descent) = metrics(of: broken.lines, chain: chain, pixelSize: style.pixelSize)
        let spacing = style.lineHeight * style.pixelSize
        // Half the leading above and half below, as CSS does.
        let firstBaseline = (spacing - ascent - descent) / 2 + ascent

        var lines: [TextLayout.Line] = []
        for (i, atoms) in broken.lines.enumerated() {
            // Leading and trailing follow each paragraph's own direction
            // (found from its text, as the site's dir="auto"): an Arabic or
            // Hebrew line starts at the right edge.
            let rightToLeft = (atoms.first?.paragraphLevel ?? 0) % 2 == 1
            let x: Double
            switch (style.alignment, rightToLeft) {
            case (.leading, false), (.trailing, true): x = 0
            case (.center, _): x = (boxWidth - widths[i]) / 2
            case (.trailing, false), (.leading, true): x = boxWidth - widths[i]
            }
            lines.append(TextLayout.Line(text: String(atoms.map(\.character)), runs: runs(of: atoms),
                                         width: widths[i], x: x,
                                         baseline: firstBaseline + Double(i) * spacing))
        }
        return TextLayout(lines: lines, boxWidth: boxWidth,
                          size: Size(width: widths.max() ?? 0, height: Double(lines.count) * spacing),
                          ascent: ascent, descent: descent, lineSpacing: spacing,
                          truncated: broken.truncated, missingCharacters: missing, style: style)
    }

    /// The size `text` takes in `style` without wrapping (newlines still
    /// break when the style keeps them).
    public func measure(_ text: String, style: TextStyle) throws(TextError) -> Size {
        try layout(text, style: style, width: .infinity).size
    }

    /// Paints `layout` in its style's colour with the layout box's top-left
    /// corner at `origin`. Glyphs are placed at quarter-pixel horizontal
    /// precision on whole-pixel baselines; parts outside the raster are
    /// clipped.
    public func draw(_ layout: TextLayout, into raster: inout Raster, at origin: Point) {
        let size = layout.style.pixelSize
        let phases = Double(GlyphCache.phases)
        for line in layout.lines {
            let baseline = origin.y + line.baseline
            for run in line.runs {
                guard let font = try? system.load(run.font, required: false) else { continue }
                for glyph in run.glyphs {
                    let x = origin.x + line.x + glyph.x
                    // Snap to the nearest quarter pixel, carrying into the next pixel.
                    let quarters = Int((x * phases).rounded(.toNearestOrAwayFromZero))
                    let pixel = Int((Double(quarters) / phases).rounded(.down))
                    let phase = quarters - pixel * GlyphCache.phases
                    guard let image = system.image(font: font, glyph: glyph.id, pixelSize: size, phase: phase),
                          image.mask.width > 0 else { continue }
                    let y = Int((baseline + glyph.y).rounded())
                    if let color = image.color {
                        // A colour glyph keeps its colours; the style's alpha still fades it.
                        raster.draw(color, at: pixel + image.left, y - image.top,
                                    opacity: Double(layout.style.color.a) / 255)
                    } else {
                        raster.fill(mask: image.mask, color: layout.style.color, at: pixel + image.left, y - image.top)
                    }
                }
            }
        }
    }

    /// Groups a line's glyphs into runs of one font and one direction,
    /// positioned from the line's start in visual order (right-to-left
    /// stretches reversed), each with the text it sets (`Run.clusters`).
    private func runs(of atoms: [Atom]) -> [TextLayout.Run] {
        var runs: [TextLayout.Run] = []
        // Each run's graphemes in visual order, with their glyph counts:
        // put in reading order once the run is complete.
        var visual: [[(String, Int)]] = []
        var pending: [(String, Int)] = []
        var slot = -1
        var rightToLeft = false
        var pen = 0.0
        // Spaces ending a line go at the paragraph's end of it (rule L1).
        // Should FriBidi fail (out of memory), the line keeps logical order.
        let order = (try? Bidi.visualOrder(levels: atoms.map(\.level), classes: atoms.map(\.bidiClass),
                                           baseLevel: atoms.first?.paragraphLevel ?? 0)) ?? Array(atoms.indices)
        for index in order {
            let atom = atoms[index]
            let atomRightToLeft = atom.level % 2 == 1
            // A grapheme a ligature swallowed goes with the grapheme whose
            // glyph sets it, the one before it in reading order: to the
            // left of it, the run so far; to the right (right to left),
            // the next grapheme with glyphs, which comes after it here.
            guard !atom.glyphs.isEmpty else {
                if atomRightToLeft || visual.isEmpty {
                    pending.append((String(atom.character), 0))
                } else {
                    visual[visual.count - 1].append((String(atom.character), 0))
                }
                pen += atom.advance
                continue
            }
            var text = String(atom.character)
            var count = 0
            var directionChanges = atomRightToLeft != rightToLeft
            for glyph in atom.glyphs {
                if glyph.slot != slot || directionChanges {
                    // A grapheme set in two fonts: its text goes with its
                    // first glyphs, the others stand for none.
                    if count > 0 { visual[visual.count - 1].append((text, count)); text = ""; count = 0 }
                    directionChanges = false
                    slot = glyph.slot
                    rightToLeft = atomRightToLeft
                    let font = system.font(slot: slot)
                    runs.append(TextLayout.Run(font: font.face, glyphs: [], rightToLeft: rightToLeft, isColor: font.isColor))
                    visual.append(pending)
                    pending = []
                }
                if !pending.isEmpty {
                    visual[visual.count - 1] += pending
                    pending = []
                }
                runs[runs.count - 1].glyphs.append(TextLayout.Glyph(id: glyph.id, x: pen + glyph.x, y: -glyph.y))
                count += 1
            }
            visual[visual.count - 1].append((text, count))
            pen += atom.advance
        }
        if !pending.isEmpty, !visual.isEmpty { visual[visual.count - 1] += pending }
        for i in runs.indices {
            let graphemes = runs[i].rightToLeft ? visual[i].reversed() : visual[i]
            runs[i].text = graphemes.map(\.0).joined()
            runs[i].clusters = graphemes.map { TextLayout.Cluster(utf8Count: $0.0.utf8.count, glyphCount: $0.1) }
        }
        return runs
    }

    /// The largest ascender and descender among the fonts the lines use (the
    /// first font of the chain when they use none).
    private func metrics(of lines: [[Atom]], chain: [LoadedFont], pixelSize: Double) -> (Double, Double) {
        var slots = Set(lines.lazy.flatMap { $0 }.flatMap(\.glyphs).map(\.slot))
        if slots.isEmpty, let first = chain.first { slots.insert(first.slot) }
        guard !slots.isEmpty else { return (pixelSize * 0.8, pixelSize * 0.2) }
        var ascent = 0.0, descent = 0.0
        for slot in slots {
            let font = system.font(slot: slot)
            font.use(pixelSize: pixelSize)
            let m = font.freeType.verticalMetrics
            ascent = max(ascent, m.ascent)
            descent = max(descent, m.descent)
        }
        return (ascent, descent)
    }
}
