import CPhotiCaseLCMS2

/// The only Swift file that calls lcms2.
///
/// Every profile is opened in its own lcms2 context whose error handler
/// records the library's message instead of printing it; the context lives
/// as long as the transform built from it, so a late error still has
/// somewhere to go.
enum LCMSBinding {
    /// Collects lcms2's error messages for one context.
    final class MessageBox: @unchecked Sendable {
        // Sendable: written only by lcms2's error handler on the thread that
        // makes the call that fails, and read after that call on the same
        // thread (a profile's calls are never made on two threads at once).
        var first: String?
    }

    /// How the pixels a transform reads are laid out in a 4-byte pixel.
    enum Layout: Hashable, Sendable {
        /// R, G, B and an untouched alpha byte.
        case rgba
        /// Grey in the first byte of an RGBA pixel (R = G = B), alpha untouched.
        case grayInRGBA
        /// C, M, Y, K; `inverted` when 255 means no ink (Adobe's files).
        case cmyk(inverted: Bool)
    }

    /// The colour space a profile describes, as far as we care.
    enum Space: Equatable, Sendable {
        case rgb, gray, cmyk
        case other(String)
    }

    /// An open profile in its own context.
    final class Profile: @unchecked Sendable {
        // Sendable: immutable handles; lcms2 only reads a profile once it is
        // opened (a transform is built from it on one thread).
        fileprivate let handle: cmsHPROFILE
        fileprivate let context: cmsContext
        let messages: MessageBox

        fileprivate init(handle: cmsHPROFILE, context: cmsContext, messages: MessageBox) {
            self.handle = handle
            self.context = context
            self.messages = messages
        }

        deinit {
            cmsCloseProfile(handle)
            cmsDeleteContext(context)
            Unmanaged.passUnretained(messages).release()
        }
    }

    /// A transform to sRGB. One may run on several threads at once: lcms2
    /// only reads the transform while converting (its one-pixel cache is
    /// copied to the stack at the start of each call).
    final class Transform: @unchecked Sendable {
        fileprivate let handle: cmsHTRANSFORM
        // Kept alive: the transform reports errors through its context.
        private let profile: Profile

        fileprivate init(handle: cmsHTRANSFORM, profile: Profile) {
            self.handle = handle
            self.profile = profile
        }

        deinit { cmsDeleteTransform(handle) }
    }

    /// Silences lcms2's global (default-context) handler once; our own
    /// contexts get theirs in `open`.
    private static let silenced: Void = {
        cmsSetLogErrorHandler { _, _, _ in }
    }()

    private static let handler: cmsLogErrorHandlerFunction = { context, _, text in
        guard let user = cmsGetContextUserData(context), let text else { return }
        let box = Unmanaged<MessageBox>.fromOpaque(user).takeUnretainedValue()
        if box.first == nil { box.first = String(cString: text) }
    }

    /// Opens profile bytes; nil (with lcms2's message) when lcms2 refuses them.
    static func open(_ bytes: [UInt8]) -> Result<Profile, ProfileProblem> {
        _ = silenced
        let box = MessageBox()
        let user = Unmanaged.passRetained(box).toOpaque()
        guard let context = cmsCreateContext(nil, user) else {
            Unmanaged<MessageBox>.fromOpaque(user).release()
            return .failure(.unreadable("out of memory"))
        }
        cmsSetLogErrorHandlerTHR(context, handler)
        let handle = bytes.withUnsafeBytes { cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number($0.count)) }
        guard let handle else {
            let message = box.first ?? "not an ICC profile"
            cmsDeleteContext(context)
            Unmanaged<MessageBox>.fromOpaque(user).release()
            return .failure(.unreadable(message))
        }
        return .success(Profile(handle: handle, context: context, messages: box))
    }

    /// The profile's description tag ("Display P3"), if it has one.
    static func description(of profile: Profile) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = cmsGetProfileInfoASCII(profile.handle, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
        guard n > 1 else { return nil }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        // Some writers pad the description with spaces or a newline.
        let kept = bytes.drop { $0 <= 0x20 }.reversed().drop { $0 <= 0x20 }.reversed()
        return kept.isEmpty ? nil : String(decoding: kept, as: UTF8.self)
    }

    static func space(of profile: Profile) -> Space {
        let signature = cmsGetColorSpace(profile.handle)
        switch signature {
        case cmsSigRgbData: return .rgb
        case cmsSigGrayData: return .gray
        case cmsSigCmykData: return .cmyk
        default:
            let raw = signature.rawValue
            let chars = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: raw >> $0) }
            return .other(String(decoding: chars.filter { $0 != 0x20 }, as: UTF8.self))
        }
    }

    /// Relative colorimetric, with black-point compensation: it changes
    /// nothing for matrix profiles (their black is already 0) and keeps
    /// CMYK shadows from turning grey (see docs/decoding.md, "Colour management").
    static let flags = cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION)

    /// A transform from `profile` to sRGB reading `layout` and writing RGB
    /// into the same 4-byte pixels (alpha untouched).
    static func transformToSRGB(from profile: Profile, layout: Layout) -> Result<Transform, ProfileProblem> {
        guard let srgb = cmsCreate_sRGBProfileTHR(profile.context) else { return .failure(.unusable("out of memory")) }
        defer { cmsCloseProfile(srgb) }
        let input: UInt32 = switch layout {
        case .rgba: format(space: PT_RGB, channels: 3, extra: 1)
        case .grayInRGBA: format(space: PT_GRAY, channels: 1, extra: 3)
        case .cmyk(let inverted): format(space: PT_CMYK, channels: 4, extra: 0) | (inverted ? 1 << 13 : 0)
        }
        let output = format(space: PT_RGB, channels: 3, extra: 1)
        let handle = cmsCreateTransformTHR(profile.context, profile.handle, input, srgb, output,
                                           cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags)
        guard let handle else { return .failure(.unusable(profile.messages.first ?? "lcms2 cannot link it to sRGB")) }
        return .success(Transform(handle: handle, profile: profile))
    }

    /// The fast path for a matrix/shaper RGB profile (curves and
    /// colorants read from its tags), or nil for any other profile.
    static func matrixShaper(from profile: Profile) -> MatrixShaper? {
        guard space(of: profile) == .rgb, cmsIsMatrixShaper(profile.handle) != 0,
              let srgb = cmsCreate_sRGBProfileTHR(profile.context) else { return nil }
        defer { cmsCloseProfile(srgb) }
        let trcs = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]
        let colorantTags = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
        var curves: [(Float) -> Float] = []
        for tag in trcs {
            guard let raw = cmsReadTag(profile.handle, tag) else { return nil }
            let curve = OpaquePointer(raw)
            curves.append { cmsEvalToneCurveFloat(curve, $0) }
        }
        func colorants(_ h: cmsHPROFILE) -> [[Double]]? {
            var out: [[Double]] = []
            for tag in colorantTags {
                guard let raw = cmsReadTag(h, tag) else { return nil }
                let xyz = raw.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
                out.append([xyz.X, xyz.Y, xyz.Z])
            }
            return out
        }
        guard let p = colorants(profile.handle), let s = colorants(srgb) else { return nil }
        // The curves are evaluated now, while the profile is open.
        return MatrixShaper(curves: curves, colorants: p, srgbColorants: s)
    }

    /// lcms2's pixel-format word (the TYPE_* macros, which Swift cannot import).
    private static func format(space: Int32, channels: UInt32, extra: UInt32) -> UInt32 {
        UInt32(space) << 16 | extra << 7 | channels << 3 | 1
    }

    /// Runs `transform` over `count` 4-byte pixels in place.
    static func apply(_ transform: Transform, to pixels: UnsafeMutableRawPointer, count: Int) {
        // In place is safe: lcms2 reads each pixel before it writes it and
        // both layouts are 4 bytes wide. Large images go in row-sized
        // pieces only to keep the 32-bit pixel count in range.
        var done = 0
        while done < count {
            let n = min(count - done, 1 << 24)
            let p = pixels + done * 4
            cmsDoTransform(transform.handle, p, p, cmsUInt32Number(n))
            done += n
        }
    }

    // MARK: - Building profiles

    /// Builds an ICC profile (v4) for an RGB space given by primaries,
    /// white point and one transfer curve for all three channels.
    static func makeRGBProfile(_ space: RGBColorSpace) -> [UInt8]? {
        _ = silenced
        var white = cmsCIExyY(x: space.white.x, y: space.white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: space.red.x, y: space.red.y, Y: 1),
            Green: cmsCIExyY(x: space.green.x, y: space.green.y, Y: 1),
            Blue: cmsCIExyY(x: space.blue.x, y: space.blue.y, Y: 1))
        guard let curve = toneCurve(space.transfer) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
        return save(profile, name: space.name)
    }

    /// Builds a grey ICC profile (v4, D50 white) with `transfer`.
    static func makeGrayProfile(_ space: GrayColorSpace) -> [UInt8]? {
        _ = silenced
        guard let curve = toneCurve(space.transfer), let white = cmsD50_xyY() else { return nil }
        defer { cmsFreeToneCurve(curve) }
        guard let profile = cmsCreateGrayProfile(white, curve) else { return nil }
        return save(profile, name: space.name)
    }

    /// lcms2's sRGB profile, serialised, with the creation date its header
    /// stamps (bytes 24-35) zeroed: the same bytes in every run, so a
    /// document embedding it (a PDF's output intent) is deterministic.
    static func makeSRGBProfile() -> [UInt8]? {
        _ = silenced
        guard let profile = cmsCreate_sRGBProfile() else { return nil }
        guard var bytes = save(profile, name: "sRGB IEC61966-2.1"), bytes.count > 36 else { return nil }
        for i in 24..<36 { bytes[i] = 0 }
        // The profile ID (bytes 84-99) is an MD5 of the profile with its
        // date: lcms2 leaves it zero unless asked, which means "not computed".
        return bytes
    }

    /// Adds the description tag, serialises and closes `profile`.
    private static func save(_ profile: cmsHPROFILE, name: String) -> [UInt8]? {
        defer { cmsCloseProfile(profile) }
        if let mlu = cmsMLUalloc(nil, 1) {
            cmsMLUsetASCII(mlu, "en", "US", name)
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(mlu))
            cmsMLUfree(mlu)
        }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return bytes
    }

    private static func toneCurve(_ transfer: TransferCurve) -> OpaquePointer? {
        switch transfer {
        case .gamma(let g):
            return cmsBuildGamma(nil, g)
        case .parametric(let g, let a, let b, let c, let d):
            // Type 4: Y = (aX + b)^g for X >= d, else cX.
            let params: [Double] = [g, a, b, c, d]
            return cmsBuildParametricToneCurve(nil, 4, params)
        }
    }
}
