import Foundation
import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseConcurrency
import PhotiCaseDiary
import PhotiCaseFileSystem
import PhotiCaseHashing
import PhotiCaseImaging
import PhotiCaseRaster

/// One encoded share image and what it was made from.
public struct SharedImage: Sendable {
    /// The file's bytes, in the request's format.
    public var bytes: [UInt8]
    /// What did not stop the render (a photo enlarged, text left out), each
    /// a sentence naming the file.
    public var warnings: [String]
    /// The key of its inputs: SHA-256 (hex) over the renderer's version,
    /// the request, entry.json's bytes and each photo's bytes. The same
    /// key, the same bytes, on any machine.
    public var key: String
    /// Drawn with a placeholder for a cause that may pass (a photo over the
    /// memory limit): right for now, not to be kept.
    public var provisional: Bool
}

/// Makes share images in-process: an entry (a folder, or entry.json's
/// bytes and its photos') in, an encoded image out, the same bytes
/// `photicase-render share` writes. Renders run on threads the renderer
/// owns (`workers` of them, each keeping its fonts warm), however many
/// callers there are; a caller's task waits without holding a thread.
///
/// ```swift
/// let renderer = try ShareRenderer()
/// let image = try await renderer.render(.folder("diary/2022-08-03-hansan"),
///                                       try ShareRequest(layout: .story, format: .jpeg))
/// try Data(image.bytes).write(to: URL(fileURLWithPath: "story.jpg"))
/// ```
///
/// Every failure is a `PhotiCaseError` naming the file and the reason;
/// nothing a caller passes stops the process.
public final class ShareRenderer: Sendable {
    /// The look of every image.
    package let theme: Theme
    /// How many images are drawn at once, at most.
    public let workers: Int
    /// Whether one image takes every core (see `init(theme:workers:parallelResizes:)`).
    package let parallelResizes: Bool
    private let pool: RenderPool

    /// A renderer drawing up to `workers` images at once (default: one
    /// per core). Each image is drawn on one thread: a server's cores are
    /// already shared by its requests. Throws
    /// `PhotiCaseError.fontsMissing` when the fonts are not installed.
    public convenience init(workers: Int? = nil) throws(PhotiCaseError) {
        try self.init(theme: Theme(), workers: workers, parallelResizes: false)
    }

    /// A renderer for `theme`.
    ///
    /// - Parameter parallelResizes: true for a caller that draws one image
    ///   while someone waits (`share`): a large photo's resize is split over
    ///   the cores, and a share image's backdrop is painted on a second
    ///   thread while its faces are drawn. A service drawing many requests
    ///   at once passes false, as imgproxy runs libvips one thread a
    ///   request. The pixels are the same.
    package init(theme: Theme, workers: Int? = nil, parallelResizes: Bool) throws(PhotiCaseError) {
        let count = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        self.theme = theme
        self.workers = count
        self.parallelResizes = parallelResizes
        // The first renderer is made now, so that missing fonts are said
        // here rather than at the first render.
        let first: CardRenderer
        do throws(CardError) {
            first = try Self.makeRenderer(theme, parallelResizes: parallelResizes)
        } catch {
            throw PhotiCaseError(error)
        }
        pool = RenderPool(size: count, first: first) { () throws(CardError) in
            try Self.makeRenderer(theme, parallelResizes: parallelResizes)
        }
    }

    private static func makeRenderer(_ theme: Theme, parallelResizes: Bool) throws(CardError) -> CardRenderer {
        let renderer = try CardRenderer(theme: theme, loader: loader(parallelResizes: parallelResizes))
        renderer.splitsWork = parallelResizes
        return renderer
    }

    private static func loader(parallelResizes: Bool) -> PhotoLoader {
        PhotoLoader(resampler: Resampler(parallelism: parallelResizes ? .automatic : .single))
    }

    // MARK: - The async front

    /// Renders `request` of `entry`. Throws `PhotiCaseError`: a bad entry
    /// or photo names its file; `.deadlineExceeded` once `deadline` has
    /// passed, `.cancelled` once the calling task is cancelled (the render
    /// stops within one band of its work: a 32-row band of a resize, or a
    /// photo's decode).
    public func render(_ entry: EntryInput, _ request: ShareRequest,
                       deadline: ContinuousClock.Instant? = nil) async throws(PhotiCaseError) -> SharedImage {
        let stop = StopSignal(deadline: deadline)
        // Past already, or cancelled already: nothing is queued.
        if let reason = stop.reason { throw Self.error(reason) }
        if Task.isCancelled { throw .cancelled }
        let answer = Answer()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<SharedImage, PhotiCaseError>, Never>) in
                answer.wait(continuation)
                if let deadline {
                    // Answered at the deadline even while still queued.
                    DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(until: deadline)) {
                        stop.raise(.deadline)
                        answer.give(.failure(.deadlineExceeded))
                    }
                }
                pool.submit(RenderPool.Job(stop: stop) { [self] turn in
                    answer.give(Result { () throws(PhotiCaseError) in try run(turn, entry, request, stop: stop) })
                })
            }
        } onCancel: {
            // Answered now; the render stops within a band, or is dropped
            // from the queue.
            stop.raise(.cancelled)
            answer.give(.failure(.cancelled))
        }
        return try result.get()
    }

    private static func seconds(until deadline: ContinuousClock.Instant) -> Double {
        let left = ContinuousClock.now.duration(to: deadline).components
        return max(0, Double(left.seconds) + Double(left.attoseconds) * 1e-18)
    }

    /// The answer of one `render`, given once: by the render, by its
    /// deadline, or by a cancellation, whichever comes first (a
    /// cancellation may come before the caller waits).
    private final class Answer: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<SharedImage, PhotiCaseError>, Never>?
            var early: Result<SharedImage, PhotiCaseError>?
            var given = false
        }
        private let state = Locked(State())

        func wait(_ continuation: CheckedContinuation<Result<SharedImage, PhotiCaseError>, Never>) {
            let early = state.withLock { s -> Result<SharedImage, PhotiCaseError>? in
                if let early = s.early { return early }
                s.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        func give(_ result: Result<SharedImage, PhotiCaseError>) {
            let taken = state.withLock { s -> CheckedContinuation<Result<SharedImage, PhotiCaseError>, Never>? in
                guard !s.given else { return nil }
                s.given = true
                guard let c = s.continuation else {
                    s.early = result
                    return nil
                }
                s.continuation = nil
                return c
            }
            taken?.resume(returning: result)
        }
    }

    /// One render on a pool thread.
    private func run(_ turn: RenderPool.Turn, _ input: EntryInput, _ request: ShareRequest,
                     stop: StopSignal) throws(PhotiCaseError) -> SharedImage {
        let renderer: CardRenderer
        switch turn {
        case .dropped(let reason): throw Self.error(reason)
        case .failed(let error): throw PhotiCaseError(error)
        case .renderer(let r): renderer = r
        }
        let read = try Self.read(input, theme: theme)
        let key = Self.key(json: read.json, photos: read.digests, request)
        return try render(with: renderer, read.entry, key: key, request, photos: read.photos, stop: stop)
    }

    private static func error(_ reason: StopSignal.Reason) -> PhotiCaseError {
        reason == .deadline ? .deadlineExceeded : .cancelled
    }

    // MARK: - Reading an entry

    /// An entry read whole: the entry, entry.json's bytes, its photos' bytes
    /// by path and the front's and back's digests.
    package struct ReadInput {
        package var entry: Entry
        package var json: [UInt8]
        package var photos: [String: [UInt8]]
        package var digests: [Digest?]
    }

    /// Reads `input`: from its folder, or from the bytes given.
    package static func read(_ input: EntryInput, theme: Theme) throws(PhotiCaseError) -> ReadInput {
        let loader = EntryLoader(kinds: theme.kindKeys)
        let limit = DecodeLimits().maxFileBytes
        switch input.source {
        case .folder(let folder):
            let (entry, json) = try entry(in: folder, theme: theme)
            var photos: [String: [UInt8]] = [:]
            // Read once, for the key and the decode alike; one that cannot
            // be read is left to the render, which says why.
            for photo in [entry.front, entry.back].compactMap({ $0 }) where photos[photo.path] == nil {
                if let bytes = try? FileIO.read(photo.path, limit: limit) { photos[photo.path] = bytes }
            }
            return ReadInput(entry: entry, json: json, photos: photos,
                             digests: [entry.front, entry.back].map { $0.flatMap { photos[$0.path] }.map(Digest.of) })
        case let .bytes(json, given, name):
            let entry: Entry
            do throws(EntryError) {
                guard json.count <= loader.limits.maxBytes else {
                    throw .tooLarge(file: name + "/entry.json", size: json.count, limit: loader.limits.maxBytes)
                }
                entry = try loader.parse(json: json, folder: name, defaultID: name, displayPath: name + "/entry.json",
                                         onDisk: false)
            } catch {
                throw PhotiCaseError(error)
            }
            var photos: [String: [UInt8]] = [:]
            for photo in [entry.front, entry.back].compactMap({ $0 }) where photos[photo.path] == nil {
                guard let input = given[photo.name] else {
                    throw .invalidPhoto(file: photo.path, reason: "entry.json names it, and no photo of that name was given")
                }
                photos[photo.path] = try bytes(of: input, path: photo.path, limit: limit)
            }
            return ReadInput(entry: entry, json: json, photos: photos,
                             digests: [entry.front, entry.back].map { $0.flatMap { photos[$0.path] }.map(Digest.of) })
        }
    }

    /// The bytes of a photo given by the caller, at most `limit` of them.
    private static func bytes(of input: PhotoInput, path: String, limit: Int) throws(PhotiCaseError) -> [UInt8] {
        switch input {
        case .bytes(let bytes):
            guard bytes.count <= limit else {
                throw .unreadable(file: path, reason: "\(bytes.count) bytes, more than the limit of \(limit)")
            }
            return bytes
        case .file(let handle):
            do {
                // One byte more than the limit tells a file at the limit
                // from a larger one.
                let data = try handle.read(upToCount: limit + 1) ?? Data()
                guard data.count <= limit else {
                    throw PhotiCaseError.unreadable(file: path, reason: "more than the limit of \(limit) bytes")
                }
                return [UInt8](data)
            } catch let error as PhotiCaseError {
                throw error
            } catch {
                throw .unreadable(file: path, reason: "\(error.localizedDescription)")
            }
        }
    }

    /// The entry in `folder`, read as `share` reads it (its id, when the
    /// file gives none, is the folder's name).
    package func entry(in folder: String) throws(PhotiCaseError) -> (entry: Entry, json: [UInt8]) {
        try Self.entry(in: folder, theme: theme)
    }

    private static func entry(in folder: String, theme: Theme) throws(PhotiCaseError) -> (entry: Entry, json: [UInt8]) {
        do throws(EntryError) {
            let name = folder.split(separator: "/").last.map(String.init) ?? folder
            let loaded = try EntryLoader(kinds: theme.kindKeys).load(folder: folder, defaultID: name)
            return (loaded.entry, loaded.jsonBytes)
        } catch {
            throw PhotiCaseError(error)
        }
    }

    // MARK: - Keys

    /// The key of `request` of the entry whose entry.json holds `json` and
    /// whose front and back photos (in that order, nil where there is none
    /// or it cannot be read) have the SHA-256 `photos`: SHA-256 over the
    /// renderer's version, the request, the entry.json's bytes and the
    /// photos' digests. The same inputs give the same key on any machine,
    /// wherever the diary lies, so replicas of `serve` agree on ETags.
    package static func key(json: [UInt8], photos: [Digest?], _ request: ShareRequest) -> String {
        var hash = SHA256()
        hash.update("\(RendererVersion.cards)\n\(request.keyText)\n\(json.count)\n")
        hash.update(json)
        for digest in photos {
            hash.update("\n" + (digest?.hex ?? "-"))
        }
        return SHA256.hexString(hash.finalize())
    }

    // MARK: - The package's own calls (share, serve)

    /// Starts drawing what `request` of `entry` needs no font for (a
    /// card's front photo and backdrop) on another thread, for a caller
    /// that has not made its renderer yet: `share` starts it, then makes
    /// the renderer (its fonts) meanwhile, and hands it to `draw`. Nil for
    /// a story or feed image (their photo is sized by their text).
    package static func prepare(_ entry: Entry, _ request: ShareRequest, theme: Theme = Theme()) -> SharePreparation? {
        guard request.layout == .card || request.layout == .front else { return nil }
        return SharePreparation(entry, options: request.shareOptions, theme: theme, loader: loader(parallelResizes: true))
    }

    /// Renders `request` of `entry` on a pool thread and waits for it;
    /// `key` is what the result is known by. `photos`, by the paths
    /// `entry` names its photos with, are decoded from those bytes instead
    /// of reading the files. `stop`, raised, stops it within a band.
    package func render(_ entry: Entry, key: String, _ request: ShareRequest, photos: [String: [UInt8]] = [:],
                        stop: StopSignal = StopSignal()) throws(PhotiCaseError) -> SharedImage {
        try onPool(stop) { renderer throws(PhotiCaseError) in
            try self.render(with: renderer, entry, key: key, request, photos: photos, stop: stop)
        }
    }

    /// Queues `request` of `entry` and returns at once; `key` is what the
    /// result is known by, `photos` as in `render`. `started` is called
    /// when its drawing starts, `done` with its result when it ends (both
    /// on the worker thread). A job whose `stop` is raised before it
    /// starts is not drawn: `done` gets `.cancelled` or
    /// `.deadlineExceeded`, and `started` is never called.
    package func submit(_ entry: Entry, key: String, _ request: ShareRequest, photos: [String: [UInt8]] = [:],
                        stop: StopSignal, started: @escaping @Sendable () -> Void = {},
                        done: @escaping @Sendable (Result<SharedImage, PhotiCaseError>) -> Void) {
        pool.submit(RenderPool.Job(stop: stop) { [self] turn in
            done(Result { () throws(PhotiCaseError) in
                switch turn {
                case .dropped(let reason): throw Self.error(reason)
                case .failed(let error): throw PhotiCaseError(error)
                case .renderer(let renderer):
                    started()
                    return try render(with: renderer, entry, key: key, request, photos: photos, stop: stop)
                }
            })
        })
    }

    /// The pixels of `request` of `entry`, unencoded, drawn on a pool
    /// thread; `prepared`, from `prepare` with the same entry and request,
    /// is used where it applies.
    package func draw(_ entry: Entry, _ request: ShareRequest, prepared: SharePreparation? = nil,
                      photos: [String: [UInt8]] = [:]) throws(PhotiCaseError) -> RenderedImage {
        let stop = StopSignal()
        return try onPool(stop) { renderer throws(PhotiCaseError) in
            try Self.draw(with: renderer, entry, request, prepared: prepared, photos: photos, stop: stop)
        }
    }

    /// Runs `body` with a pool thread's renderer, and waits for it.
    private func onPool<T: Sendable>(_ stop: StopSignal,
                                     _ body: @escaping @Sendable (CardRenderer) throws(PhotiCaseError) -> T) throws(PhotiCaseError) -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<T, PhotiCaseError>?>(nil)
        pool.submit(RenderPool.Job(stop: stop) { turn in
            let result: Result<T, PhotiCaseError> = switch turn {
            case .dropped(let reason): .failure(Self.error(reason))
            case .failed(let error): .failure(PhotiCaseError(error))
            case .renderer(let renderer): Result { () throws(PhotiCaseError) in try body(renderer) }
            }
            outcome.withLock { $0 = result }
            done.signal()
        })
        done.wait()
        // Set before `done` was signalled.
        guard let result = outcome.withLock({ $0 }) else { throw .renderFailed(reason: "the pool gave no result") }
        return try result.get()
    }

    // MARK: - Drawing, on a pool thread

    private func render(with renderer: CardRenderer, _ entry: Entry, key: String, _ request: ShareRequest,
                        photos: [String: [UInt8]], stop: StopSignal) throws(PhotiCaseError) -> SharedImage {
        let image = try Self.draw(with: renderer, entry, request, prepared: nil, photos: photos, stop: stop)
        if let reason = stop.reason { throw Self.error(reason) }
        let bytes: [UInt8]
        do {
            bytes = try ImageEncoder.encode(image.raster, settings: request.settings,
                                            threads: parallelResizes ? ProcessInfo.processInfo.activeProcessorCount : 1)
        } catch {
            throw .renderFailed(reason: "\(entry.id): cannot be encoded as \(request.format.imageFormat.displayName): \(error)")
        }
        return SharedImage(bytes: bytes, warnings: image.warnings.map(\.description), key: key,
                           provisional: image.provisional)
    }

    private static func draw(with renderer: CardRenderer, _ entry: Entry, _ request: ShareRequest,
                             prepared: SharePreparation?, photos: [String: [UInt8]],
                             stop: StopSignal) throws(PhotiCaseError) -> RenderedImage {
        renderer.loader.photoBytes = photos
        renderer.loader.stop = stop
        defer {
            renderer.loader.photoBytes = [:]
            renderer.loader.stop = nil
        }
        do throws(CardError) {
            guard let format = request.layout.socialFormat else {
                return try renderer.renderShare(entry, options: request.shareOptions, prepared: prepared)
            }
            return try renderer.renderSocial(SocialImageInput(entry, format: format))
        } catch {
            if case .stopped(let reason) = error { throw Self.error(reason) }
            throw PhotiCaseError(error)
        }
    }
}
