import Cards
import Codecs
import Text

/// The production backend: the Cards layer draws, Codecs encodes.
public struct CardsBackend: RenderBackend {
    /// Bumped whenever a change to the drawing code changes output pixels,
    /// so existing caches render again.
    public static let rendererVersion = "photicase-render/cards-1"

    public var theme: Theme
    public var fonts: FontDiscovery
    /// Pixels per card point for ticket images (1, 2 or 3).
    public var scale: Int
    /// Day thumbnail side in pixels.
    public var thumbnailSide: Int
    /// Extra identity of the fonts (e.g. the font file's content hash).
    public var fontIdentity: String

    public init(theme: Theme, fonts: FontDiscovery = .fontconfig, scale: Int = 2,
                thumbnailSide: Int = CardRenderer.defaultThumbnailSide, fontIdentity: String = "") {
        self.theme = theme
        self.fonts = fonts
        self.scale = scale
        self.thumbnailSide = thumbnailSide
        self.fontIdentity = fontIdentity
    }

    public var fingerprint: String {
        "\(CardsBackend.rendererVersion)|\(theme)|fonts:\(fonts)|\(fontIdentity)|scale:\(scale)|side:\(thumbnailSide)"
    }

    /// A worker is a renderer, or the error that kept it from being made
    /// (reported by every item that worker takes).
    public struct Worker {
        var renderer: Result<CardRenderer, CardError>
    }

    public func makeWorker() -> Worker {
        do throws(CardError) {
            return Worker(renderer: .success(try CardRenderer(theme: theme, fonts: fonts)))
        } catch {
            return Worker(renderer: .failure(error))
        }
    }

    public func renderTickets(_ entry: Entry, faces: [TicketFace], format: ImageFormatName,
                              worker: inout Worker) throws -> [TicketFace: [UInt8]] {
        let r = try worker.renderer.get()
        let s = Double(scale)
        // The share image is made from the two faces just drawn, not drawn again.
        let front = try r.renderFront(entry, scale: s)
        let back = try r.renderBack(entry, scale: s)
        let ticket = r.composeShare([front, back], scale: scale)
        var out: [TicketFace: [UInt8]] = [:]
        for face in faces {
            let image = switch face {
            case .front: front
            case .back: back
            case .ticket: ticket
            }
            out[face] = try encode(image.raster, format)
        }
        return out
    }

    public func renderDay(_ date: CalendarDate, entries: [Entry], format: ImageFormatName,
                          worker: inout Worker) throws -> [UInt8] {
        let image = try worker.renderer.get().renderDayThumbnail(entries, side: thumbnailSide)
        return try encode(image.raster, format)
    }

    public func renderMonth(_ month: MonthKey, entriesByDay: [Int: [Entry]], today: CalendarDate,
                            format: ImageFormatName, worker: inout Worker) throws -> [UInt8] {
        let entries = entriesByDay.keys.sorted().flatMap { entriesByDay[$0]! }
        let image = try worker.renderer.get().renderMonthSheet(year: month.year, month: month.month, entries: entries,
                                                                today: today)
        return try encode(image.raster, format)
    }

    private func encode(_ raster: Raster, _ format: ImageFormatName) throws -> [UInt8] {
        let settings: EncodeSettings = switch format {
        // zlib level 1 with the Paeth filter: PNG encoding is most of a
        // ticket's cost. Measured on 8 entries with a 12 MP photo, one core:
        // 4.9 s at level 6 (1.72 MB a ticket set), 2.9 s at level 3
        // (1.89 MB), 2.2 s at level 1 (1.99 MB). `share` keeps level 6
        // for the single image people send.
        case .png: .png(compressionLevel: 1)
        case .jpg: .jpeg(quality: 88)
        case .webp: .webp(quality: 85)
        }
        return try ImageEncoder.encode(raster, settings: settings)
    }
}
