import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseRaster
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// entry.json bytes to pixels, as `share` and `render` make them: the
/// loader parses and checks the entry, then the real renderer, with the
/// system's fonts, lays out and draws its front and back faces and the
/// share image composed of the two, in one of four looks (Korean and
/// English, the standard and the narrowest card, text over and below the
/// photo); one input in eight also draws a story or a feed image, which
/// costs about eight tickets (1080 pixels wide). Text layout (shaping,
/// bidi, line breaking, fitting, truncation) and drawing are fuzzed end to
/// end.
///
/// The entry's folder holds one small photo under every name the sample
/// book uses (`front.jpg`, `back.png`, `cover.webp`, ...), so seeds made
/// from fixtures/book draw a photo; a face whose photo cannot be read
/// throws, as it does in `share`, and the faces are then drawn again
/// without photos, so the text is still laid out.
enum LayoutTarget {
    /// A look the input is drawn in: a theme and a scale.
    struct Variant {
        var renderer: CardRenderer
        var scale: Double
    }

    /// The renderers, made once: a renderer's font discovery costs far
    /// more than one input. Behind a lock because a renderer is used by
    /// one thread at a time and the regression test may run targets on
    /// several.
    static let variants: Mutex<[Variant]> = {
        func theme(_ locale: CardLocale, _ size: Size, _ placement: FrontTextPlacement) -> Theme {
            Theme(cardSize: size, locale: locale, frontText: placement)
        }
        let standard = Size(width: 300, height: 480)
        // The narrowest and shortest card a theme may declare.
        let narrowest = Size(width: Theme.cardWidths.lowerBound, height: Theme.cardHeights.lowerBound)
        let looks: [(Theme, Double)] = [
            (theme(.ko, standard, .over), 1),
            (theme(.en, narrowest, .below), 2),
            (theme(.ko, standard, .below), 1),
            (theme(.en, standard, .over), 1),
        ]
        return Mutex(looks.map { theme, scale in Variant(renderer: try! CardRenderer(theme: theme), scale: scale) })
    }()

    static let loader = EntryLoader()

    static let layout = FuzzTarget(name: "layout", summary: "entry.json to faces, share, story and feed images",
                                   prepare: { _ = PhotoFolder.path; variants.withLock { _ in } }) { input in
        let bytes = Array(input)
        guard let entry = try? loader.parse(json: bytes, folder: PhotoFolder.path, defaultID: "fuzz",
                                            displayPath: "entry.json") else { return }
        // The look and the social image are picked by a hash of the whole
        // input: the same input always draws the same way, and each is reached.
        var hash: UInt32 = 2166136261
        for b in bytes { hash = (hash ^ UInt32(b)) &* 16777619 }
        let social: SocialFormat? = switch (hash >> 8) % 16 {
        case 0: .story
        case 1: .feed
        default: nil
        }
        variants.withLock { variants in
            draw(entry, variants[Int(hash % UInt32(variants.count))], social: social)
        }
    }

    static func draw(_ entry: Entry, _ variant: Variant, social format: SocialFormat?) {
        var ticket = TicketInput(entry, scale: Int(variant.scale))
        if (try? ticket.draw(with: variant.renderer, parts: { _, _ in nil })) == nil {
            ticket.front = ticket.front.withoutPhoto
            ticket.back.photo = nil
            _ = try? ticket.draw(with: variant.renderer, parts: { _, _ in nil })
        }
        guard let format else { return }
        var social = SocialImageInput(entry, format: format)
        if (try? variant.renderer.renderSocial(social)) == nil {
            social.photo = nil
            _ = try? variant.renderer.renderSocial(social)
        }
    }
}

/// A folder made for the process holding one small photo under each name
/// the sample book's entries use, removed when the process exits.
enum PhotoFolder {
    static let names = ["front.jpg", "front.png", "front.webp", "back.jpg", "back.png", "back.webp",
                        "cover.png", "cover.webp", "poster.jpg"]

    /// The folder's path, for the removal at exit.
    nonisolated(unsafe) static var made = ""

    static let path: String = {
        var template = Array("/tmp/photicase-fuzz-layout.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { fatalError("cannot make a folder for the layout target's photos") }
        let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        made = folder
        // A landscape photo with a gradient and a hard edge: faces crop it,
        // and the scrims and text contrast have something to measure.
        var photo = Raster(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 { photo[x, y] = x < 40 ? RGBA(UInt8(x * 4), UInt8(y * 5), 180) : RGBA(250, 240, 20) }
        }
        for name in names {
            let settings: EncodeSettings = name.hasSuffix(".jpg") ? .jpeg(quality: 80)
                : name.hasSuffix(".png") ? .png() : .webp(quality: 80)
            let bytes = try! ImageEncoder.encode(photo, settings: settings)
            try! FileIO.writeAtomically(bytes, to: folder + "/" + name, durable: false)
        }
        atexit {
            for name in PhotoFolder.names { unlink(PhotoFolder.made + "/" + name) }
            rmdir(PhotoFolder.made)
        }
        return folder
    }()
}
