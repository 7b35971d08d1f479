import PhotiCaseConcurrency
import PhotiCaseRaster

/// Decides and caches how each profile converts to sRGB (relative
/// colorimetric). Profiles repeat across a photo library (every iPhone
/// photo carries the same Display P3 bytes), so the work of parsing a
/// profile and building its transform is done once per profile content
/// and image space; the cache is shared by all decoding threads.
enum ColorConverter {
    private struct Key: Hashable {
        var source: ColorSource
        var space: ImageSpace
    }

    private static let cache = Locked<[Key: ColorPlan]>([:])
    /// Enough for every profile a library holds; a pathological stream of
    /// distinct profiles only costs rebuilding.
    private static let cacheLimit = 64

    /// The plan for an image of `space` whose file says `source`.
    static func plan(_ source: ColorSource, space: ImageSpace) -> ColorPlan {
        switch source {
        case .untagged: return .none
        case .srgbChunk: return ColorPlan(description: "sRGB")
        case .icc, .nclx: break
        }
        let key = Key(source: source, space: space)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        // Built outside the lock: two threads may both build the same plan
        // once, which is cheaper than making every decode wait.
        let plan = build(source, space: space)
        cache.withLock { table in
            if table.count >= cacheLimit { table.removeAll() }
            table[key] = plan
        }
        return plan
    }

    private static func build(_ source: ColorSource, space: ImageSpace) -> ColorPlan {
        let bytes: [UInt8]
        var description: String?
        switch source {
        case .untagged, .srgbChunk: return .none
        case .icc(let b):
            guard b.count <= ColorSource.maxICCBytes else {
                return ColorPlan(warnings: [ProfileProblem.damaged("ICC profile of \(b.count) bytes is too large").description])
            }
            bytes = b
        case let .nclx(primaries, transfer):
            description = NCLX.describe(primaries: primaries, transfer: transfer)
            switch NCLX.space(primaries: primaries, transfer: transfer) {
            case .failure(let problem): return ColorPlan(description: description, warnings: [problem.description])
            case .success(let rgb):
                guard let b = rgb.iccProfile() else { return ColorPlan(description: description) }
                bytes = b
            }
        }
        if let problem = ICCTagTable.problem(in: bytes) {
            return ColorPlan(description: description, warnings: [problem.description])
        }
        let profile: LCMSBinding.Profile
        switch LCMSBinding.open(bytes) {
        case .failure(let problem): return ColorPlan(description: description, warnings: [problem.description])
        case .success(let p): profile = p
        }
        description = description ?? LCMSBinding.description(of: profile) ?? "unnamed ICC profile"
        let layout: LCMSBinding.Layout
        switch (LCMSBinding.space(of: profile), space) {
        case (.rgb, .rgb), (.rgb, .gray): layout = .rgba
        case (.gray, .gray): layout = .grayInRGBA
        case (.cmyk, .cmyk(let inverted)): layout = .cmyk(inverted: inverted)
        case (let p, _):
            let name = switch p {
            case .rgb: "RGB"
            case .gray: "grey"
            case .cmyk: "CMYK"
            case .other(let s): s
            }
            return ColorPlan(description: description,
                             warnings: [ProfileProblem.mismatch(profile: name, image: space.name).description])
        }
        // A matrix/shaper profile is converted by the shaper alone, so the
        // shaper alone says whether it is sRGB in all but name: asked
        // before lcms2 builds its transform (28 million instructions,
        // 80% of a `share` of a 12 MP photo's colour work), which is thrown
        // away for every sRGB-tagged photo, most cameras' own.
        let shaper = layout == .rgba ? LCMSBinding.matrixShaper(from: profile) : nil
        if let shaper, isIdentity(shaper) { return ColorPlan(description: description) }
        switch LCMSBinding.transformToSRGB(from: profile, layout: layout) {
        case .failure(let problem): return ColorPlan(description: description, warnings: [problem.description])
        case .success(let transform):
            let plan = ColorPlan(description: description, transform: transform, layout: layout, matrixShaper: shaper)
            return shaper == nil && isIdentity(plan) ? ColorPlan(description: description) : plan
        }
    }

    /// Whether the transform leaves every colour of a 16-level grid (every
    /// grey level for grey profiles) within 1 of itself: then the profile
    /// is sRGB in all but name (HP's, Apple's, lcms2's and ghostscript's
    /// sRGB profiles all are) and the pixels are left exactly as decoded.
    private static func isIdentity(_ plan: ColorPlan) -> Bool {
        switch plan.layout {
        case .cmyk: return false
        case .grayInRGBA:
            var probe: [UInt8] = []
            for v in 0...255 { probe += [UInt8(v), UInt8(v), UInt8(v), 255] }
            return leavesAlone(probe) { plan.apply(to: &$0) }
        case .rgba:
            return leavesAlone(rgbGrid) { plan.apply(to: &$0) }
        }
    }

    /// `isIdentity(_:)` for an RGB profile that `shaper` converts.
    private static func isIdentity(_ shaper: MatrixShaper) -> Bool {
        leavesAlone(rgbGrid) { raster in
            let count = raster.width * raster.height
            raster.withUnsafeMutableBytes { shaper.apply(to: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count) }
        }
    }

    /// Every colour of a 16-level RGB grid, as opaque RGBA pixels.
    private static let rgbGrid: [UInt8] = {
        var probe: [UInt8] = []
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) { probe += [UInt8(r), UInt8(g), UInt8(b), 255] }
            }
        }
        return probe
    }()

    /// True when `convert` leaves every byte of the `probe` pixels within 1.
    private static func leavesAlone(_ probe: [UInt8], _ convert: (inout Raster) -> Void) -> Bool {
        var raster = Raster(width: probe.count / 4, height: 1, pixels: probe)
        convert(&raster)
        return raster.withUnsafeBytes { out in
            zip(out, probe).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
        }
    }
}
