import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseConcurrency
import PhotiCaseDiary
import PhotiCaseDocument
import PhotiCaseFileSystem

/// A layout drawn as a document of pages (the print book) rather than an
/// image: a kind's declaration makes the input, keys the output by it and
/// hands it here, as it does a `CardLayout`.
public protocol DocumentLayout: LayoutInput {
    /// The bleed the pages carry on each side, in page units (300 an inch).
    var bleed: Double { get }
    /// The document's title in the words of `locale`.
    func title(in locale: CardLocale) -> String
    /// Draws every page on `writer` with `renderer`; `spare` lends the
    /// pool's idle threads for work the pages can be split into (photos).
    /// `stop` is asked between pages and photo batches: true throws
    /// `CardError.stopped` (a run asked to end does not wait out a book).
    func write(to writer: PDFWriter, with renderer: CardRenderer, spare: SpareThreads,
               stop: @escaping @Sendable () -> Bool) throws -> DocumentReport
}

/// What a document's file says of itself (a PDF's /Info).
public struct DocumentMetadata: Sendable, Hashable {
    public var author: String?
    /// The cache's owner mark (`photicase-render owner=year:2022`): kept
    /// as a literal the cache finds by reading the file's ends.
    public var creator: String
    /// ISO 8601, from the inputs, never the clock (`2022-12-31T00:00:00Z`).
    public var createDate: String

    public init(author: String? = nil, creator: String, createDate: String) {
        self.author = author
        self.creator = creator
        self.createDate = createDate
    }
}

/// What drawing a document gave besides its file.
public struct DocumentReport: Sendable {
    public var pages: Int
    public var warnings: [CardWarning]
    /// A photo was drawn as a placeholder for a cause that may pass (the
    /// memory limit): the next run draws the document again.
    public var provisional: Bool

    public init(pages: Int, warnings: [CardWarning], provisional: Bool) {
        self.pages = pages
        self.warnings = warnings
        self.provisional = provisional
    }
}

/// A written document's summary, as the pipeline keeps it.
public struct DocumentSummary: Sendable, Hashable {
    public var pages: Int
    public init(pages: Int) { self.pages = pages }
}

extension CardRenderer {
    /// Writes `layout` as a PDF: cairo draws it into `draft` as it goes
    /// (a thousand photos are never held at once), then qpdf finishes it
    /// into `final` with the print boxes and the sRGB output intent
    /// (docs/outputs.md, "Print book"). `final` is measured; the caller
    /// lands it. Throws `CardError` (a font) or `DocumentError`.
    public func writeDocument(_ layout: some DocumentLayout, metadata: DocumentMetadata, draft: StagedFile,
                              final: StagedFile, spare: SpareThreads = SpareThreads(threads: 1),
                              stop: @escaping @Sendable () -> Bool = { false }) throws -> DocumentReport {
        guard !SRGBProfile.bytes.isEmpty else { throw DocumentError.qpdf("lcms2 could not make the sRGB profile of the output intent") }
        // cairo hands its output over in pieces of a few hundred bytes:
        // they are gathered into writes of 256 KiB.
        let buffer = DocumentBuffer(draft)
        let writer = try PDFWriter { bytes in try buffer.write(bytes) }
        writer.setMetadata(title: layout.title(in: theme.locale), author: metadata.author, subject: nil, creator: metadata.creator,
                           createDate: metadata.createDate)
        let report = try layout.write(to: writer, with: self, spare: spare, stop: stop)
        try writer.finish()
        try buffer.flush()
        do {
            try PDFFinisher.finish(input: draft.procPath, output: final.procPath, boxes: PDFPageBoxes(bleed: layout.bleed),
                                   outputIntentProfile: SRGBProfile.bytes)
        } catch {
            // qpdf names the files by the paths it opened them by.
            throw DocumentError.qpdf(error.description.replacingOccurrences(of: draft.procPath, with: draft.displayPath)
                .replacingOccurrences(of: final.procPath, with: final.displayPath))
        }
        try final.measure()
        return report
    }
}

/// Bytes on their way to a staged file, written a quarter megabyte at a time.
final class DocumentBuffer {
    private let file: StagedFile
    private var bytes: [UInt8] = []
    static let size = 256 << 10

    init(_ file: StagedFile) {
        self.file = file
        bytes.reserveCapacity(Self.size)
    }

    func write(_ more: UnsafeRawBufferPointer) throws {
        if bytes.count + more.count > Self.size { try flush() }
        if more.count >= Self.size {
            try file.write(more)
        } else {
            bytes.append(contentsOf: more)
        }
    }

    func flush() throws {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBytes { try file.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }
}
