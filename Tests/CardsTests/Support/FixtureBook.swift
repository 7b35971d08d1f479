import Cards
import Foundation

/// Reads the sample ticket book in fixtures/book for tests and the README
/// pictures. A test-side reader of the documented entry.json fields (the
/// product's loader lives in Entries); it trusts the checked-in files.
enum FixtureBook {
    /// fixtures/book in this checkout.
    static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("fixtures/book").path
    }()

    /// True when fixture-maker has written the book's photos.
    static var hasPhotos: Bool {
        FileManager.default.fileExists(atPath: folder + "/2022-08-27-decision/front.jpg")
    }

    /// Every entry, sorted by folder name.
    static func entries() throws -> [Entry] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/entry.json") }
            .map(entry)
    }

    /// The entry in folder `name`.
    static func entry(_ name: String) throws -> Entry {
        let dir = "\(folder)/\(name)"
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/entry.json"))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        func face(_ key: String) -> FacePhoto? {
            guard let f = json[key] as? [String: Any], let file = f["photo"] as? String else { return nil }
            return FacePhoto(name: file, path: "\(dir)/\(file)", crop: (f["crop"] as? [String: Any]).map(editorState))
        }
        return Entry(id: json["id"] as? String ?? name, folder: dir, title: json["title"] as! String,
                     date: CalendarDate(json["date"] as! String)!, rating: (json["rating"] as! NSNumber).doubleValue,
                     kind: EntryKind(rawValue: json["kind"] as? String ?? "movie")!,
                     director: json["director"] as? String, year: json["year"] as? Int,
                     friends: json["friends"] as? [String] ?? [], memo: json["memo"] as? String,
                     front: face("front"), back: face("back"))
    }

    private static func editorState(_ c: [String: Any]) -> EditorState {
        func numbers(_ key: String) -> [Double] { (c[key] as! [NSNumber]).map(\.doubleValue) }
        let placement: EditorState.Placement
        if c["rect"] != nil {
            let r = numbers("rect")
            placement = .normalizedRect(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        } else {
            let f = numbers("frame"), o = numbers("contentOffset")
            placement = .scrollView(frame: Size(width: f[0], height: f[1]),
                                    zoomScale: (c["zoomScale"] as! NSNumber).doubleValue,
                                    contentOffset: Point(x: o[0], y: o[1]))
        }
        return EditorState(placement: placement, quarterTurns: c["quarterTurns"] as? Int ?? 0,
                           flipHorizontal: c["flipHorizontal"] as? Bool ?? false)
    }
}
