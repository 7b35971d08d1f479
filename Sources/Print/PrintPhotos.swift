import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseConcurrency
import PhotiCaseDiary
import PhotiCaseRaster

/// A photo made ready for a page: JPEG bytes at 300 ppi of the box it
/// fills (fewer where its crop has fewer pixels: never enlarged), cropped
/// and turned as the user edited it, encoded once; or why it could not be.
enum PrintPicture: Sendable {
    case jpeg(bytes: [UInt8], size: PixelSize, id: String, warnings: [CardWarning])
    case failed(CardError)

    /// JPEG quality and sampling for print: 92 with full-resolution
    /// colour (4:4:4), the settings print services' guides suggest for
    /// photos ("maximum quality"), at about 0.4 bytes a pixel.
    static let encoding = EncodeSettings.jpeg(quality: 92, progressive: false, chroma: .s444)

    /// Loads `photo` for a box of `box` units (pixels at 300 ppi) with
    /// `loader`, on whatever thread calls it.
    static func make(_ photo: PhotoInput, box: PixelSize, loader: PhotoLoader) -> PrintPicture {
        // The file is read once: the pass-through check and the load both
        // take these bytes (a file that cannot be read is the load's to
        // report, with its reason).
        var loader = loader
        if loader.photoBytes[photo.file.path] == nil,
           let bytes = try? FileIO.read(photo.file.path, limit: loader.limits.maxFileBytes) {
            loader.photoBytes[photo.file.path] = bytes
        }
        let source = photo.digest.isEmpty ? photo.file.path : photo.digest
        if let kept = loader.passThroughJPEG(photo.file, box: box) {
            return .jpeg(bytes: kept.bytes, size: kept.size, id: "\(source)|file", warnings: [])
        }
        do throws(CardError) {
            let loaded = try loader.load(photo.file, atMost: box)
            let bytes: [UInt8]
            do {
                bytes = try ImageEncoder.encode(loaded.raster, settings: encoding)
            } catch let error as CodecError {
                return .failed(.photo(ImageFileError(path: photo.file.path, reason: error)))
            } catch {
                return .failed(.photo(ImageFileError(path: photo.file.path, reason: .unsupported(.jpeg, "\(error)"))))
            }
            // The same photo, edit and size is the same image: stored once
            // in the document however often it is placed (cairo's unique id).
            let id = "\(source)|\(photo.file.crop?.jsonText ?? "-")|"
                + "\(loaded.raster.width)x\(loaded.raster.height)"
            return .jpeg(bytes: bytes, size: loaded.raster.size, id: id, warnings: loaded.warnings)
        } catch {
            return .failed(error)
        }
    }
}

/// The photos of a run of pages, loaded a batch ahead of the drawing on
/// this thread and any the pool has spare, in order (the same bytes for
/// any number of threads), and let go once drawn: a book of a thousand
/// photos holds a batch of them at a time.
struct PrintPhotoQueue {
    /// Photos a batch loads ahead.
    static let batch = 8

    struct Request: Sendable {
        var photo: PhotoInput
        var box: PixelSize
    }

    private let requests: [Request]
    private let loader: PhotoLoader
    private let spare: SpareThreads
    private var ready: [Int: PrintPicture] = [:]

    init(_ requests: [Request], loader: PhotoLoader, spare: SpareThreads) {
        self.requests = requests
        self.loader = loader
        self.spare = spare
    }

    /// The `i`-th request's picture (asked for in order), loading the
    /// batch it starts when it is not loaded yet.
    mutating func picture(_ i: Int) -> PrintPicture {
        if ready[i] == nil {
            let start = i, end = min(requests.count, i + Self.batch)
            let requests = Array(self.requests[start..<end]), loader = self.loader
            let loaded = spare.map(requests.count) { k in PrintPicture.make(requests[k].photo, box: requests[k].box, loader: loader) }
            for (k, picture) in loaded.enumerated() { ready[start + k] = picture }
        }
        return ready.removeValue(forKey: i)!
    }
}
