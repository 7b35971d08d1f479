import PhotiCaseText
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

/// Renders ticket faces, shareable tickets, day thumbnails and month sheets
/// in one theme.
///
/// A renderer owns a `TextRenderer` (FreeType faces and a glyph cache), so
/// it is used by one thread at a time: a batch that renders on several
/// threads makes one `CardRenderer` per thread. The images it makes depend
/// only on its inputs (no clock, no randomness, no thread timing), so the
/// same entry, theme and fonts always give the same bytes.
public final class CardRenderer {
    /// The look of everything this renderer draws.
    public let theme: Theme
    /// Reads and crops photos.
    public var loader: PhotoLoader
    /// The words and formats of the theme's locale.
    public let strings: CardStrings
    package let text: TextRenderer
    /// Text warnings reported since the current render began.
    private var pendingTextWarnings: [TextWarning] = []
    /// Characters left out of each text laid out since the current render began.
    private var pendingMissing: [CardWarning] = []
    /// The smallest text laid out since `resetSmallestText`, in pixels:
    /// how tests hold pages to their smallest size (11 points).
    private(set) var smallestText = Double.infinity
    /// Where text and star rows were drawn while it is not nil (a test
    /// sets it to `[]`), in pixels: how tests hold a story's text out of
    /// the parts of the frame a service draws over.
    var drawnBoxes: [Rect]?
    /// The share image's shadow per scale (it depends only on the theme).
    var shareShadows: [Int: CastShadow] = [:]
    /// The share image's backdrop and shadows per face count and scale.
    var shareBackdrops: [ShareBackdrop.Key: ShareBackdrop] = [:]
    /// Ticket outlines rasterized, by size and scale (`ticketMask`).
    var ticketMasks: [TicketMaskKey: AlphaMask] = [:]
    /// Share shapes painted once in order, their backdrop not yet kept.
    var sharesPaintedInOrder: Set<ShareBackdrop.Key> = []
    /// The last story card's outline and the shadow it cast: every card of
    /// an opaque photo has the same outline, so the blur is done once.
    var storyShadow: (outline: AlphaMask, cast: CastShadow)?
    /// The shadow of an opaque story card, by its size (the corner radius
    /// is the layout's own): `opaqueStoryCardShadow`.
    var opaqueStoryShadow: (size: PixelSize, cast: CastShadow)?
    /// Faces decoded for book pages and years, kept for the next page:
    /// this renderer's own, or those its run shares (`share(_:)`).
    private(set) var decodedParts = DecodedParts()
    private var sharesDecodedParts = false
    /// Whether drawing one image may use a second thread for a part that
    /// does not depend on the rest (a share image's backdrop while its
    /// faces are drawn): for a caller that draws one image while someone
    /// waits (`share`). A caller already drawing many at once leaves it
    /// false. The pixels are the same either way.
    public var splitsWork = false
    /// The front photo a `SharePreparation` is loading, for the one front
    /// face that asks for it (`renderShare(_:options:prepared:)`).
    var preparedPhoto: SharePreparation.Photo?

    /// A renderer for `theme`, finding fonts through `fonts`. Throws
    /// `CardError.font` when the theme's font file cannot be used.
    public init(theme: Theme = Theme(), fonts: FontDiscovery = .fontconfig,
                loader: PhotoLoader = PhotoLoader()) throws(CardError) {
        self.theme = theme
        self.loader = loader
        self.strings = CardStrings(theme)
        do {
            text = try TextRenderer(discovery: fonts)
        } catch {
            throw .font(error)
        }
        text.warningHandler = { [unowned self] warning in self.pendingTextWarnings.append(warning) }
        // Fail now, not half way through a batch, on an unusable font file.
        for weight in FontWeight.allCases {
            _ = try layout("A", theme.textStyle(points: 12, scale: 1, weight: weight, color: .black), width: .infinity)
        }
        pendingTextWarnings.removeAll()
        pendingMissing.removeAll()
    }

    /// Lets go of the images kept for the next of the same kind (share
    /// backdrops and shadows, ticket outlines, story shadows, decoded
    /// faces for book pages and years): a run's phase of them has ended,
    /// and the next phase draws other kinds. The fonts stay loaded.
    public func dropKeptImages() {
        shareShadows = [:]
        shareBackdrops = [:]
        ticketMasks = [:]
        sharesPaintedInOrder = []
        storyShadow = nil
        opaqueStoryShadow = nil
        // Shared parts are let go by their owner, once every renderer
        // sharing them is done with the phase.
        if !sharesDecodedParts { decodedParts = DecodedParts() }
    }

    /// Decodes faces for pages into `parts`, and finds there those other
    /// renderers decoded: a run's renderers, one a thread, share one.
    public func share(_ parts: DecodedParts) {
        decodedParts = parts
        sharesDecodedParts = true
    }

    /// The card's size in pixels at `scale`.
    public func cardPixelSize(scale: Double) -> PixelSize { Self.cardPixelSize(theme, scale: scale) }

    /// `theme`'s card size in pixels at `scale`, without a renderer.
    public static func cardPixelSize(_ theme: Theme, scale: Double) -> PixelSize {
        precondition(scale > 0 && scale.isFinite, "scale \(scale) must be positive")
        return PixelSize(width: Int((theme.cardSize.width * scale).rounded()),
                         height: Int((theme.cardSize.height * scale).rounded()))
    }

    /// `string` on one line set in `width`: at `points`, or, when its
    /// natural width passes `room`, smaller in proportion down to `minimum`
    /// (and cut short by the style's `maxLines` only past that). `style`
    /// makes the style at a size.
    func layoutShrinking(_ string: String, points: Double, minimum: Double, room: Double, width: Double,
                         style: (Double) -> TextStyle) throws(CardError) -> TextLayout {
        let natural = try layout(string, style(points), width: .infinity).size.width
        let fitted = natural > room ? max(minimum, points * room / natural) : points
        return try layout(string, style(fitted), width: width)
    }

    /// Starts `smallestText` again.
    func resetSmallestText() { smallestText = .infinity }

    /// Lays out `string`; a theme font file that cannot be used becomes `CardError.font`.
    package func layout(_ string: String, _ style: TextStyle, width: Double) throws(CardError) -> TextLayout {
        let result: TextLayout
        do {
            result = try text.layout(string, style: style, width: width)
        } catch {
            throw .font(error)
        }
        if !string.isEmpty { smallestText = min(smallestText, style.pixelSize) }
        // Said for every card it happens on, unlike the renderer's own
        // warning (once per renderer), so each blank title is explained.
        if !result.missingCharacters.isEmpty {
            pendingMissing.append(.missingCharacters(text: string, characters: result.missingCharacters))
        }
        return result
    }

    /// Text warnings collected since the last call, as card warnings. The
    /// renderer's per-character warning is left out: `missingCharacters`
    /// says the same with the text it happened in.
    package func takeTextWarnings() -> [CardWarning] {
        defer { pendingTextWarnings.removeAll(); pendingMissing.removeAll() }
        let text = pendingTextWarnings.filter { if case .noFontFor = $0 { false } else { true } }
        return text.map(CardWarning.text) + pendingMissing
    }
}

/// A ticket outline's size and scale, the key of a rasterized one.
struct TicketMaskKey: Hashable {
    var size: PixelSize
    var scale: Double
}
