import PhotiCaseCodecs
import PhotiCaseRaster

/// One photo of the sample ticket book: where it goes, its upright size,
/// its scene, and how it is stored.
struct BookPhoto {
    /// Entry folder / file name, relative to the book.
    var path: String
    var width: Int
    var height: Int
    var scene: Scene
    var hue: Double
    /// The EXIF orientation it is stored with (1: upright); JPEG only.
    var orientation: Orientation = .up

    /// Every photo the entry.json files of fixtures/book name.
    static let all: [BookPhoto] = [
        BookPhoto(path: "2022-08-03-hansan/front.png", width: 1000, height: 1500, scene: .sea, hue: 0.1),
        BookPhoto(path: "2022-08-06-bullet-train/front.jpg", width: 1200, height: 1800, scene: .city, hue: 0.8,
                  orientation: .right),
        BookPhoto(path: "2022-08-06-bullet-train/back.jpg", width: 1600, height: 1067, scene: .poster, hue: 0.2),
        BookPhoto(path: "2022-08-12-woo/front.webp", width: 1920, height: 1280, scene: .sea, hue: 0.6),
        BookPhoto(path: "2022-08-20-almond/cover.png", width: 800, height: 1200, scene: .poster, hue: 0.6),
        BookPhoto(path: "2022-08-20-les-miserables/front.jpg", width: 1500, height: 2000, scene: .stage, hue: 0.2),
        BookPhoto(path: "2022-08-20-les-miserables/back.png", width: 1200, height: 900, scene: .stage, hue: 0.9),
        BookPhoto(path: "2022-08-20-liberation/front.webp", width: 1400, height: 1050, scene: .sunset, hue: 0.1),
        BookPhoto(path: "2022-08-20-tom-and-jerry/back.webp", width: 1000, height: 1000, scene: .poster, hue: 0.4),
        BookPhoto(path: "2022-08-20-top-gun/front.jpg", width: 2000, height: 1333, scene: .sunset, hue: 0.7,
                  orientation: .down),
        BookPhoto(path: "2022-08-27-decision/front.jpg", width: 1800, height: 1200, scene: .sea, hue: 0.3),
        BookPhoto(path: "2022-08-27-decision/back.webp", width: 1600, height: 1200, scene: .sunset, hue: 0.5),
        BookPhoto(path: "2022-09-03-hunt/front.jpg", width: 1200, height: 1600, scene: .city, hue: 0.1,
                  orientation: .left),
        BookPhoto(path: "2022-09-07-monet/poster.jpg", width: 1000, height: 1400, scene: .poster, hue: 0.55),
        BookPhoto(path: "2022-09-10-everything-everywhere/front.jpg", width: 2000, height: 1125, scene: .poster, hue: 0.0),
        BookPhoto(path: "2022-09-10-everything-everywhere/back.jpg", width: 1280, height: 960, scene: .stage, hue: 0.5),
        BookPhoto(path: "2022-09-17-little-women/front.png", width: 1100, height: 1400, scene: .sunset, hue: 0.95),
        BookPhoto(path: "2022-09-17-little-women/back.jpg", width: 1500, height: 1000, scene: .sea, hue: 0.9),
        BookPhoto(path: "2022-09-24-dune/cover.webp", width: 900, height: 1350, scene: .desert, hue: 0.3),
        BookPhoto(path: "2022-09-24-iu-concert/front.png", width: 1200, height: 1200, scene: .stage, hue: 0.0),
    ]

    /// The encoded file: the scene turned so that `orientation` turns it
    /// back upright, in the format the extension names.
    func encoded() throws -> [UInt8] {
        let upright = scene.render(width: width, height: height, hue: hue)
        let stored = upright.oriented(orientation.inverse)
        if path.hasSuffix(".png") { return try ImageEncoder.encode(stored, settings: .png()) }
        if path.hasSuffix(".webp") { return try ImageEncoder.encode(stored, settings: .webp(quality: 86)) }
        let jpeg = try ImageEncoder.encode(stored, settings: .jpeg(quality: 88))
        return orientation == .up ? jpeg : withOrientation(jpeg, UInt16(orientation.rawValue))
    }
}

extension Orientation {
    /// The orientation that undoes this one.
    var inverse: Orientation {
        switch self {
        case .right: .left
        case .left: .right
        default: self  // the others are their own inverses
        }
    }
}
