import PhotiCaseHashing
import Testing
import PhotiCaseCodecs
import PhotiCase
import PhotiCasePipeline
@testable import PhotiCaseServe

/// What a request's path may ask for, and the signature over it.
@Suite struct RequestPathTests {
    @Test func imagePathsAreReadAsSent() throws {
        #expect(RequestPath.parse("/entries/a/card.png")
                == .success(.share(id: "a", request: try ShareRequest(layout: .card, format: .png), fileName: "card.png")))
        #expect(RequestPath.parse("/entries/%EC%98%81%ED%99%94/story.jpg")
                == .success(.share(id: "영화", request: try ShareRequest(layout: .story, format: .jpeg), fileName: "story.jpg")))
        // The square and the link preview, by the library's names.
        #expect(RequestPath.parse("/entries/a/square.webp")
                == .success(.share(id: "a", request: try ShareRequest(layout: .square, format: .webp), fileName: "square.webp")))
        #expect(RequestPath.parse("/entries/a/link.jpg")
                == .success(.share(id: "a", request: try ShareRequest(layout: .link, format: .jpeg), fileName: "link.jpg")))
        // An id of several segments, as render names an entry at
        // DIARY/2022/08/decision; its slashes escaped, the same id.
        for path in ["/entries/2022/08/decision/story.jpg", "/entries/2022%2F08%2Fdecision/story.jpg",
                     "/entries/2022%2F08/decision/story.jpg"] {
            #expect(RequestPath.parse(path) == .success(.share(id: "2022/08/decision",
                                                              request: try ShareRequest(layout: .story, format: .jpeg),
                                                              fileName: "story.jpg")), "\(path)")
        }
        #expect(RequestPath.parse("/healthz") == .success(.health))
        #expect(RequestPath.parse("/metrics") == .success(.metrics))
    }

    @Test(arguments: ["/entries/%2e%2e/card.png", "/entries/../card.png", "/entries/a%2F..%2Fb/card.png", "/entries/%2F/card.png",
                      "/entries/%00/card.png", "/entries/%zz/card.png", "/entries/%E/card.png", "/entries/%FF/card.png",
                      "/entries/./card.png", "/entries//card.png", "/entries/a/../b/card.png", "/entries/a//b/card.png",
                      "/entries/a%2F/card.png", "/entries/%2Fetc/card.png", "/entries/a/./b/card.png",
                      // DEL and the C1 controls, as other control characters.
                      "/entries/%7F/card.png", "/entries/a%C2%80/card.png", "/entries/%C2%9F/card.png", "/entries/%1B%5B2J/card.png"])
    func noIdLeavesTheDiary(_ path: String) {
        guard case .failure(.badRequest(let why)) = RequestPath.parse(path) else {
            Issue.record("\(path) was not refused as a bad request")
            return
        }
        #expect(!why.unicodeScalars.contains(where: PlainText.isControl), "\(why)")
    }

    @Test func aBodyNeverCarriesAControlCharacter() {
        #expect(PlainText.shown("a\u{1B}[2Jb\u{7F}\u{85}\n") == "a\\u{1B}[2Jb\\u{7F}\\u{85}\n")
        #expect(PlainText.shown("영화 ok") == "영화 ok")
        let answer = HTTPResponse.said(404, "nothing is served at /x\u{9B}31m")
        #expect(!String(decoding: answer.body, as: UTF8.self).unicodeScalars.contains { PlainText.isControl($0) && $0 != "\n" })
    }

    @Test func ifNoneMatchIsAWeakComparisonOverAList() {
        let etag = "\"0123abcd\""
        for header in [etag, "W/\(etag)", "\"x\", \(etag)", " \"x\" ,W/\(etag) ", "*", " * "] {
            #expect(EntityTag.noneMatch(header, current: etag), "\(header)")
        }
        for header in ["\"x\"", "0123abcd", "W/0123abcd", "\"0123abcd", "\"x\" \(etag)", "", "W/\"x\", *"] {
            #expect(!EntityTag.noneMatch(header, current: etag), "\(header)")
        }
        #expect(!EntityTag.noneMatch(nil, current: etag))
        // A comma inside a tag is part of it (RFC 9110's etagc allows it).
        #expect(EntityTag.noneMatch("\"a,b\"", current: "\"a,b\""))
    }

    @Test(arguments: ["/", "/entries/a", "/entries/a/card", "/entries/a/card.gif", "/entries/a/back.png",
                      "/etc/passwd", "/entries/a/card.heic", "/healthz/"])
    func otherPathsAreNotFound(_ path: String) {
        #expect(RequestPath.parse(path) == .failure(.notFound), "\(path)")
    }

    @Test func signaturesAreCheckedUnderEveryKey() throws {
        // RFC 4231 test case 2's key is too short for us; these are ours.
        let keys = try RequestSignature(keyFile: "# rotation\nold-key-0123456789abcdef\n\nnew-key-0123456789abcdef\n", path: "k")
        let path = "/entries/a/card.png"
        for key in ["old-key-0123456789abcdef", "new-key-0123456789abcdef"] {
            let sig = SHA256.hexString(SHA256.hmac(key: Array(key.utf8), message: Array(path.utf8)))
            #expect(keys.accepts(path: path, signature: sig))
            #expect(keys.accepts(path: path, signature: sig.uppercased()))
            #expect(!keys.accepts(path: "/entries/b/card.png", signature: sig))
        }
        #expect(!keys.accepts(path: path, signature: nil))
        #expect(!keys.accepts(path: path, signature: String(repeating: "0", count: 64)))
        #expect(!keys.accepts(path: path, signature: "abc"))
        #expect(throws: RequestSignature.KeyFileError.self) { try RequestSignature(keyFile: "# none\n", path: "k") }
        #expect(throws: RequestSignature.KeyFileError.self) { try RequestSignature(keyFile: "short\n", path: "k") }
    }

    @Test func hmacMatchesRFC4231() {
        // RFC 4231, test case 2.
        let mac = SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(SHA256.hexString(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
