import PhotiCaseConcurrency
import PhotiCaseDiary
import Dispatch
import PhotiCaseImaging
import PhotiCaseRaster

/// The parts of a share image that need no font, made on another thread
/// while a renderer loads its fonts: the front photo at its card's size,
/// then the backdrop with the cards' shadows. `share` starts one before
/// it makes its renderer, whose fonts (fontconfig's configuration, the
/// faces) are a third of its drawing, and hands it to
/// `CardRenderer.renderShare(_:options:prepared:)`. The pixels are those
/// of a renderer that prepares nothing.
public final class SharePreparation: Sendable {
    /// The front photo as `PhotoLoader.load` gives it, for the front face
    /// that asks for this file at this size.
    struct Photo: Sendable {
        var file: FacePhoto
        var size: PixelSize
        var loaded: Promise<Result<RenderedImage, CardError>>
    }

    let options: ShareOptions
    /// Nil when the front has no photo, or sets its text below the photo
    /// (the photo's size then depends on the title's lines).
    let photo: Photo?
    let backdrop = Promise<ShareBackdrop>()

    /// Waits for the work to end when it is let go unused (the renderer
    /// could not be made): no thread is left drawing as the process exits.
    deinit { backdrop.wait() }

    /// Starts making `entry`'s share image's parts for `options` in
    /// `theme`, the photo read through `loader` (the renderer's own).
    public init(_ entry: Entry, options: ShareOptions, theme: Theme, loader: PhotoLoader) {
        self.options = options
        let scale = Double(options.scale)
        let card = CardRenderer.cardPixelSize(theme, scale: scale)
        let front = FrontFaceInput(entry)
        if let file = front.photo?.file, (front.textPlacement ?? theme.frontText) != .below {
            photo = Photo(file: file, size: card, loaded: Promise())
        } else {
            photo = nil
        }
        let faceCount = options.frontOnly ? 1 : 2
        let outline = CardRenderer.ticketShape(theme, card, scale: scale)
        DispatchQueue.global(qos: .userInitiated).async { [photo, backdrop] in
            // The photo first: the front face waits for it, the backdrop
            // is wanted only when both faces are drawn.
            if let photo {
                photo.loaded.fulfill(Result { () throws(CardError) in try loader.load(photo.file, size: photo.size) })
            }
            let cast = CardRenderer.shareDropShadow(scale: options.scale)
                .cast(by: outline.mask(width: card.width, height: card.height))
            backdrop.fulfill(CardRenderer.paintBackdrop(theme, faceCount: faceCount, scale: options.scale, shadow: cast))
        }
    }
}
