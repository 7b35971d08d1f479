import PhotiCaseCards
import PhotiCaseCodecs
import Testing
import PhotiCaseRaster
import PhotiCaseImaging
import PhotiCaseDiary

@Suite struct PhotoLoaderTests {
    let photos = TestPhotos()

    @Test func shrinkOnLoadKeepsTheCrop() throws {
        // 2400 x 1600, each channel level 10 source pixels wide.
        let path = try photos.write(TestPhotos.coordinates(width: 2400, height: 1600, step: 10), "big.jpg")
        let (plan, _) = CropResolver().resolve(state: nil, photo: PixelSize(width: 2400, height: 1600),
                                               face: Size(width: 150, height: 100))
        #expect(PhotoLoader.decodeSize(for: plan, upright: PixelSize(width: 2400, height: 1600),
                                       output: PixelSize(width: 150, height: 100)) == PixelSize(width: 150, height: 100))
        let loaded = try PhotoLoader().load(FacePhoto(name: "big.jpg", path: path), size: PixelSize(width: 150, height: 100))
        #expect(loaded.raster.size == PixelSize(width: 150, height: 100))
        var worst = 0.0
        for oy in stride(from: 2, to: 98, by: 7) {
            for ox in stride(from: 2, to: 148, by: 7) {
                let sx = (Double(ox) + 0.5) * 16, sy = (Double(oy) + 0.5) * 16
                let p = loaded.raster[ox, oy]
                worst = max(worst, abs(Double(p.r) * 10 + 5 - sx), abs(Double(p.g) * 10 + 5 - sy))
            }
        }
        // One output pixel is 16 source pixels.
        #expect(worst <= 16, "shrunk photo strays \(worst) source pixels")
    }

    /// A crop holding only a flip is the whole photo, centred as without a
    /// crop, mirrored.
    @Test func aFlipAloneMirrorsTheWholePhoto() throws {
        let path = try photos.write(TestPhotos.coordinates(width: 300, height: 200, step: 2), "flip.png")
        let size = PixelSize(width: 90, height: 120)
        let plain = try PhotoLoader().load(FacePhoto(name: "flip.png", path: path), size: size).raster
        let flipped = try PhotoLoader().load(FacePhoto(name: "flip.png", path: path,
                                                       crop: EditorState(placement: nil, flipHorizontal: true)),
                                             size: size).raster
        for y in 0..<size.height {
            for x in 0..<size.width { #expect(flipped[x, y] == plain[size.width - 1 - x, y], "(\(x), \(y))") }
        }
        #expect(plain[0, 60] != plain[89, 60])
    }

    @Test func zoomedCropNeedsMorePixels() {
        let (plan, _) = CropResolver().resolve(
            state: EditorState(placement: .scrollView(frame: Size(width: 300, height: 480), zoomScale: 4,
                                                      contentOffset: Point(x: 0, y: 0))),
            photo: PixelSize(width: 4000, height: 3000), face: Size(width: 300, height: 480))
        let size = PhotoLoader.decodeSize(for: plan, upright: PixelSize(width: 4000, height: 3000),
                                          output: PixelSize(width: 300, height: 480))
        // The crop is 3000 * 0.625 / 4 = 468.75 pixels wide: 300 of them must survive.
        #expect(size.map { Double($0.width) * plan.sourceRect.width / 4000 >= 300 } == true)
        #expect(PhotoLoader.decodeSize(for: plan, upright: PixelSize(width: 4000, height: 3000),
                                       output: PixelSize(width: 600, height: 960)) == nil)
    }

    @Test func clampedCropIsAWarningNamingThePhoto() throws {
        let path = try photos.write(TestPhotos.scene(width: 300, height: 300, hue: 0), "zoomed.png")
        let state = EditorState(placement: .scrollView(frame: Size(width: 300, height: 480), zoomScale: 20,
                                                       contentOffset: Point(x: 0, y: 0)))
        let loaded = try PhotoLoader().load(FacePhoto(name: "zoomed.png", path: path, crop: state),
                                            size: PixelSize(width: 30, height: 48))
        #expect(loaded.warnings.contains(.crop(path: path, .zoomClamped(requested: 20, used: 8))))
        #expect(loaded.warnings.first?.description.hasPrefix(path + ": zoom 20") == true)
    }

    @Test func missingPhotoNamesTheFile() throws {
        let path = photos.folder + "/2022/08/decision/front.jpg"
        #expect(throws: CardError.photo(ImageFileError(path: path, reason: .io(.notFound)))) {
            try PhotoLoader().load(FacePhoto(name: "front.jpg", path: path), size: PixelSize(width: 10, height: 10))
        }
    }

    @Test func truncatedPhotoNamesTheFileAndReason() throws {
        let jpeg = try ImageEncoder.encode(TestPhotos.scene(width: 400, height: 300, hue: 1), settings: .jpeg())
        let path = try photos.write(bytes: Array(jpeg.prefix(jpeg.count / 2)), "front.jpg")
        let entry = testEntry(front: FacePhoto(name: "front.jpg", path: path))
        do {
            _ = try CardRenderer().renderFront(entry, scale: 0.5)
            Issue.record("a truncated photo rendered")
        } catch {
            guard case .photo(let file) = error else { Issue.record("wrong error \(error)"); return }
            #expect(file.path == path)
            #expect(file.reason == .truncated(.jpeg, bytes: jpeg.count / 2))
            #expect(error.description == "\(path): JPEG data ends after \(jpeg.count / 2) bytes")
        }
    }

    @Test func garbageInTheBackPhotoNamesTheFile() throws {
        let path = try photos.write(bytes: Array("not an image".utf8), "back.webp")
        #expect(throws: CardError.photo(ImageFileError(path: path, reason: .unknownFormat))) {
            try CardRenderer().renderBack(testEntry(back: FacePhoto(name: "back.webp", path: path)), scale: 0.5)
        }
    }
}

/// A JPEG face decodes only what its crop's filter reads
/// (`PhotoLoader.partialDecode`); the face is the whole decode's, bit for bit.
@Suite struct PartialPhotoDecodeTests {
    let photos = TestPhotos()

    static let states: [EditorState?] = [
        nil,
        EditorState(placement: .scrollView(frame: Size(width: 300, height: 480), zoomScale: 1.2,
                                           contentOffset: Point(x: 97, y: 40))),
        EditorState(placement: .scrollView(frame: Size(width: 300, height: 480), zoomScale: 3.5,
                                           contentOffset: Point(x: 1000, y: 1000))),
        EditorState(placement: .normalizedRect(Rect(x: 0, y: 0.1, width: 0.3, height: 0.6)), quarterTurns: 1),
        EditorState(placement: .normalizedRect(Rect(x: 0.55, y: 0.3, width: 0.45, height: 0.7)), quarterTurns: 2,
                    flipHorizontal: true),
        EditorState(placement: .scrollView(frame: Size(width: 300, height: 480), zoomScale: 2, contentOffset: Point(x: 0, y: 0)),
                    quarterTurns: 3),
    ]

    @Test(arguments: [PixelSize(width: 60, height: 96), PixelSize(width: 300, height: 480)])
    func partialDecodeIsTheWholeDecodesFace(size: PixelSize) throws {
        let path = try photos.write(TestPhotos.busy(width: 1003, height: 701), "busy.jpg")
        var whole = PhotoLoader()
        whole.partialDecode = false
        let cached = PhotoLoader(decodedPhotos: DecodedPhotoCache())
        for state in Self.states {
            let photo = FacePhoto(name: "busy.jpg", path: path, crop: state)
            let expected = try whole.load(photo, size: size)
            for loader in [PhotoLoader(), cached] {
                let part = try loader.load(photo, size: size)
                #expect(part.raster == expected.raster, "\(String(describing: state)) at \(size)")
                #expect(part.warnings == expected.warnings)
            }
        }
        // Every load was of a part: never a whole decode to share, even
        // at full size (300x480 from 1003x701 takes every pixel).
        #expect(cached.decodedPhotos?.statistics.unshared == Self.states.count)
    }
}
