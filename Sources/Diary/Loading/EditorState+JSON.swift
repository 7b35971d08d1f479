import PhotiCaseRaster
/// The `crop` object of entry.json, read and written.
///
/// Two forms, each optionally with `"quarterTurns": 0...3` (default 0) and
/// `"flipHorizontal": true/false` (default false):
/// - scroll view: `"frame": [w, h]` (points, both > 0), `"zoomScale": z`,
///   `"contentOffset": [x, y]`;
/// - normalized rect: `"rect": [x, y, w, h]`, fractions of the displayed photo;
/// - neither: the whole photo, centred and filling the frame as without a
///   crop, turned or mirrored as the two optional members say (the app
///   writes `{"flipHorizontal": true}` for a photo only mirrored).
///
/// Values the scroll view would not allow (zoom below 1, offsets past the
/// photo, rects reaching outside it) are read as they are: `CropResolver`
/// clamps them and warns. Unknown members are ignored.
extension EditorState {
    /// The member names of the crop object.
    enum Key {
        static let frame = "frame"
        static let zoomScale = "zoomScale"
        static let contentOffset = "contentOffset"
        static let rect = "rect"
        static let quarterTurns = "quarterTurns"
        static let flipHorizontal = "flipHorizontal"
    }

    /// Reads a crop object; `crop` carries the file and path for messages.
    init(reading crop: FieldReader) throws(EntryError) {
        let scrollKeys = [Key.frame, Key.zoomScale, Key.contentOffset]
        let hasScrollView = scrollKeys.contains(where: crop.has)
        let hasRect = crop.has(Key.rect)
        let cropPath = String(crop.prefix.dropLast())
        if hasScrollView && hasRect { throw .conflictingCropForms(file: crop.file, field: cropPath) }
        let placement: Placement?
        if hasRect {
            let r = try crop.numbers(Key.rect, count: 4)!
            placement = .normalizedRect(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        } else if hasScrollView {
            guard let frame = try crop.numbers(Key.frame, count: 2) else {
                throw .missingField(file: crop.file, field: crop.path(Key.frame))
            }
            guard frame[0] > 0 && frame[1] > 0 else {
                throw .nonPositiveFrame(file: crop.file, field: crop.path(Key.frame),
                                        value: FieldReader.quote(crop.value(Key.frame)!))
            }
            guard let zoom = try crop.number(Key.zoomScale) else {
                throw .missingField(file: crop.file, field: crop.path(Key.zoomScale))
            }
            guard let offset = try crop.numbers(Key.contentOffset, count: 2) else {
                throw .missingField(file: crop.file, field: crop.path(Key.contentOffset))
            }
            placement = .scrollView(frame: Size(width: frame[0], height: frame[1]), zoomScale: zoom.value,
                                    contentOffset: Point(x: offset[0], y: offset[1]))
        } else if crop.has(Key.quarterTurns) || crop.has(Key.flipHorizontal) {
            placement = nil
        } else {
            throw .missingCropForm(file: crop.file, field: cropPath)
        }
        self.init(placement: placement,
                  quarterTurns: try crop.integer(Key.quarterTurns, in: 0...3) ?? 0,
                  flipHorizontal: try crop.bool(Key.flipHorizontal) ?? false)
    }

    /// The crop object for this state, as entry.json holds it. Whole
    /// numbers are written as integers. The state's numbers must be finite.
    public var jsonValue: JSONValue {
        func number(_ value: Double) -> JSONValue {
            value.rounded() == value && abs(value) < 0x1p53
                ? .number(JSONNumber(integer: Int(value))) : .number(JSONNumber(value))
        }
        var members: [JSONMember] = []
        switch placement {
        case .scrollView(let frame, let zoomScale, let contentOffset):
            members.append(JSONMember(key: Key.frame, value: [number(frame.width), number(frame.height)]))
            members.append(JSONMember(key: Key.zoomScale, value: number(zoomScale)))
            members.append(JSONMember(key: Key.contentOffset,
                                      value: [number(contentOffset.x), number(contentOffset.y)]))
        case .normalizedRect(let rect):
            members.append(JSONMember(key: Key.rect, value: [number(rect.x), number(rect.y),
                                                             number(rect.width), number(rect.height)]))
        case nil:
            break
        }
        members.append(JSONMember(key: Key.quarterTurns, value: .number(JSONNumber(integer: quarterTurns))))
        members.append(JSONMember(key: Key.flipHorizontal, value: .bool(flipHorizontal)))
        return .object(JSONObject(members))
    }

    /// `jsonValue` as JSON text on one line, for fixtures and tests:
    /// `{"rect": [0.1, 0, 0.5, 0.5], "quarterTurns": 1, "flipHorizontal": false}`.
    public var jsonText: String { JSONWriter.text(of: jsonValue) }
}
