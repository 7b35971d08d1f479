import Testing
import PhotiCaseCodecs
import PhotiCaseRaster
@testable import PhotiCasePipeline

/// Every kind of file the cache writes carries the mark of its owner, and
/// the mark reads back to the same owner, whatever the id's characters.
@Suite struct OutputMarkTests {
    static let owners: [Owner] = [.entry("영화 100%/a\"b<c> d"), .entry("2022-08-03-hansan"), Owner(.day, "2022-08-03"),
                                  Owner(.month, "2022-08"), Owner(.year, "2022"), .book, .site]

    @Test(arguments: owners) func everyFileTypeCarriesItsOwner(_ owner: Owner) throws {
        let page = Array("<!doctype html>\n<html lang=\"ko\">\n<head>\n<meta charset=\"utf-8\">\n<title>t</title>\n".utf8)
        let image = try ImageEncoder.encode(Raster(width: 4, height: 3, fill: RGBA(1, 2, 3)), settings: .png(compressionLevel: 1))
        let files: [(String, [UInt8])] = [("site/days/2022-08-03.html", page), ("site/style.css", Array(":root {}\n".utf8)),
                                          ("site/search.js", Array("var x;\n".utf8)), ("months/2022-08.png", image),
                                          ("days/x.jpg", try ImageEncoder.encode(Raster(width: 4, height: 3, fill: .white),
                                                                                  settings: .jpeg())),
                                          ("tickets/a/front.webp", try ImageEncoder.encode(Raster(width: 4, height: 3, fill: .white),
                                                                                            settings: .webp()))]
        for (path, bytes) in files {
            let marked = try OutputMark.marking(bytes, path: path, owner: owner)
            #expect(OutputMark.owner(ofFile: marked, path: path) == owner, "\(path)")
            #expect(OutputMark.owner(ofFile: bytes, path: path) == nil, "\(path) unmarked")
        }
        // The mark is ASCII: it fits PNG tEXt (Latin-1) and every page's charset.
        #expect(OutputMark.text(owner).utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") })
    }

    @Test func aPageGetsItsMarkAfterTheCharsetDeclaration() throws {
        let page = Array("<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>t</title>\n".utf8)
        let marked = String(decoding: try OutputMark.marking(page, path: "index.html", owner: .book), as: UTF8.self)
        #expect(marked == "<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"generator\" content=\"photicase-render owner=book:book\">\n<title>t</title>\n")
    }

    @Test func aForgedOrDamagedMarkNamesNoOwner() {
        for text in ["// photicase-render owner=nobody:x\n", "// photicase-render owner=entry:%E\n",
                     "// photicase-render owner=entry:%FF\n", "// photicase-render owner=\n"] {
            #expect(OutputMark.owner(ofFile: Array(text.utf8), path: "site/search.js") == nil, "\(text)")
        }
    }
}
