import Cards
import Codecs
import Diary
import FileSystem
import Imaging
import Foundation
import Pipeline
import Raster

/// One encoded share image and what it was made from.
public struct SharedImage: Sendable {
    /// The file's bytes, in the request's format.
    public var bytes: [UInt8]
    /// What did not stop the render (a photo enlarged, text left out), each
    /// a sentence naming the file.
    public var warnings: [String]
    /// The key of its inputs (`ShareRenderer.key`): the same key, the same bytes.
    public var key: String
    /// Drawn with a placeholder for a cause that may pass (a photo over the
    /// memory limit): right for now, not to be kept.
    public var provisional: Bool
}

/// What went wrong making a share image: the entry cannot be read, or a
/// photo of it cannot be drawn. The description names the file and why.
public enum ShareError: Error, CustomStringConvertible, Sendable {
    /// entry.json is missing, unreadable or invalid.
    case entry(String)
    /// A photo cannot be read or decoded, or drawing failed.
    case render(String)

    public var description: String {
        switch self {
        case let .entry(text), let .render(text): text
        }
    }
}

/// The rendering behind `photicase-render share` and `serve`, for a Swift
/// program to call in-process: an entry folder in, an encoded share image
/// out, the same bytes the command writes. Thread-safe: calls from several
/// threads draw at once, each on its own renderer (the fonts, shadows and
/// backdrops a renderer keeps stay warm between calls).
///
/// ```swift
/// let renderer = try ShareRenderer()
/// let image = try renderer.render(entryFolder: "diary/2022-08-03-hansan",
///                                 ShareRequest(layout: .story, format: .jpeg))
/// try Data(image.bytes).write(to: URL(fileURLWithPath: "story.jpg"))
/// ```
public final class ShareRenderer: @unchecked Sendable {
    /// The look of every image.
    public let theme: Theme
    private let lock = NSLock()
    // Renderers not in use; one is made when all are busy. Guarded by `lock`.
    private var idle: [CardRenderer] = []

    /// Whether one image takes every core: a large photo's resize split
    /// over them, a share image's backdrop painted beside its faces.
    public let parallelResizes: Bool

    /// A renderer for `theme`. Throws when the theme's font cannot be used.
    ///
    /// - Parameter parallelResizes: true (the default) for a caller that
    ///   draws one image while someone waits (`share`): a large photo's
    ///   resize is split over the cores, and a share image's backdrop is
    ///   painted on a second thread while its faces are drawn. A service drawing many requests at
    ///   once passes false, as imgproxy runs libvips one thread a request:
    ///   its cores are already shared by the requests, and one request's
    ///   threads would only slow the others. The pixels are the same.
    public init(theme: Theme = Theme(), parallelResizes: Bool = true) throws {
        self.theme = theme
        self.parallelResizes = parallelResizes
        idle.append(try Self.makeRenderer(theme, parallelResizes: parallelResizes))
    }

    private static func makeRenderer(_ theme: Theme, parallelResizes: Bool) throws -> CardRenderer {
        do throws(CardError) {
            let renderer = try CardRenderer(theme: theme, loader: loader(parallelResizes: parallelResizes))
            renderer.splitsWork = parallelResizes
            return renderer
        } catch { throw ShareError.render("\(error)") }
    }

    private static func loader(parallelResizes: Bool) -> PhotoLoader {
        PhotoLoader(resampler: Resampler(parallelism: parallelResizes ? .automatic : .single))
    }

    /// Starts drawing what `request` of `entry` needs no font for (a
    /// card's front photo and backdrop) on another thread, for a caller
    /// that has not made its renderer yet: `share` starts it, then makes
    /// the renderer (its fonts) meanwhile, and hands it to `draw`. Nil for
    /// a story or feed image (their photo is sized by their text).
    public static func prepare(_ entry: Entry, _ request: ShareRequest, theme: Theme = Theme()) -> SharePreparation? {
        guard request.layout == .card || request.layout == .front else { return nil }
        return SharePreparation(entry, options: request.shareOptions, theme: theme, loader: loader(parallelResizes: true))
    }

    /// The entry in `folder`, read as `share` reads it (its id, when the
    /// file gives none, is the folder's name).
    public func entry(in folder: String) throws -> (entry: Entry, json: [UInt8]) {
        do throws(EntryError) {
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            let loaded = try EntryLoader(kinds: theme.kindKeys).load(folder: folder, defaultID: name)
            return (loaded.entry, loaded.jsonBytes)
        } catch {
            throw ShareError.entry("\(error)")
        }
    }

    /// The key of the image `request` makes of the entry whose entry.json
    /// holds `json`, from content alone: SHA-256 over the renderer's
    /// version, the request, the entry.json's bytes and each photo's bytes
    /// (read here; a photo that cannot be read counts as missing, and its
    /// render then fails). The same inputs give the same key on any
    /// machine, wherever the diary lies, so replicas of `serve` agree on
    /// ETags; an edited entry or a replaced photo changes it.
    public func key(_ entry: Entry, json: [UInt8], _ request: ShareRequest) -> String {
        let limit = DecodeLimits().maxFileBytes
        let digests = [entry.front?.path, entry.back?.path].map { path in
            path.flatMap { try? FileIO.read($0, limit: limit) }.map(Digest.of)
        }
        return Self.key(json: json, photos: digests, request)
    }

    /// The key of `request` of the entry whose entry.json holds `json` and
    /// whose front and back photos (in that order, nil where there is none
    /// or it cannot be read) have the SHA-256 `photos`.
    public static func key(json: [UInt8], photos: [Digest?], _ request: ShareRequest) -> String {
        var hash = SHA256()
        hash.update("\(CardsBackend.rendererVersion)\n\(request.keyText)\n\(json.count)\n")
        hash.update(json)
        for digest in photos {
            hash.update("\n" + (digest?.hex ?? "-"))
        }
        return SHA256.hexString(hash.finalize())
    }

    /// Reads the entry in `folder` and renders `request` of it.
    public func render(entryFolder folder: String, _ request: ShareRequest) throws -> SharedImage {
        let (entry, json) = try entry(in: folder)
        return try render(entry, key: key(entry, json: json, request), request)
    }

    /// Renders `request` of `entry`; `key` is what the result is known by.
    /// `photos`, by the paths `entry` names its photos with, are decoded
    /// from those bytes instead of reading the files.
    public func render(_ entry: Entry, key: String, _ request: ShareRequest,
                       photos: [String: [UInt8]] = [:]) throws -> SharedImage {
        let image = try draw(entry, request, photos: photos)
        let bytes: [UInt8]
        do {
            bytes = try ImageEncoder.encode(image.raster, settings: request.settings,
                                            threads: parallelResizes ? ProcessInfo.processInfo.activeProcessorCount : 1)
        } catch {
            throw ShareError.render("\(entry.id): cannot be encoded as \(request.format.displayName): \(error)")
        }
        return SharedImage(bytes: bytes, warnings: image.warnings.map(\.description), key: key,
                           provisional: image.provisional)
    }

    /// The pixels of `request` of `entry`, unencoded; `prepared`, from
    /// `prepare` with the same entry and request, is used where it applies.
    public func draw(_ entry: Entry, _ request: ShareRequest, prepared: SharePreparation? = nil,
                     photos: [String: [UInt8]] = [:]) throws -> RenderedImage {
        let renderer = try take()
        renderer.loader.photoBytes = photos
        defer {
            renderer.loader.photoBytes = [:]
            give(renderer)
        }
        do throws(CardError) {
            return switch request.layout {
            case .card, .front:
                try renderer.renderShare(entry, options: request.shareOptions, prepared: prepared)
            case .story: try renderer.renderSocial(SocialImageInput(entry, format: .story))
            case .feed: try renderer.renderSocial(SocialImageInput(entry, format: .feed))
            }
        } catch {
            throw ShareError.render("\(error)")
        }
    }

    private func take() throws -> CardRenderer {
        lock.lock()
        if let renderer = idle.popLast() {
            lock.unlock()
            return renderer
        }
        lock.unlock()
        return try Self.makeRenderer(theme, parallelResizes: parallelResizes)
    }

    private func give(_ renderer: CardRenderer) {
        lock.withLock { idle.append(renderer) }
    }
}
