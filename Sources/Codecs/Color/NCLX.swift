/// How an nclx box maps to an RGB space. Only the spaces photos use are
/// mapped; anything else is a warning and the numbers are read as sRGB.
enum NCLX {
    /// The RGB space for the code points, or the reason it has none.
    /// The BT.709-family transfers (1, 6, 14, 15) are read as the sRGB
    /// curve: encoders write them for sRGB content, and libvips, Pillow and
    /// the photo viewers we compared draw such stills that way.
    static func space(primaries: Int, transfer: Int) -> Result<RGBColorSpace, ProfileProblem> {
        var space: RGBColorSpace
        switch primaries {
        case 1, 2: space = .sRGB           // BT.709, or unspecified
        case 9: space = .bt2020
        case 12: space = .displayP3        // SMPTE EG 432-1 (P3 D65)
        default: return .failure(.unsupportedNCLX("colour primaries \(primaries)"))
        }
        switch transfer {
        case 1, 2, 6, 13, 14, 15: space.transfer = .sRGB
        case 4: space.transfer = .gamma(2.2)
        case 5: space.transfer = .gamma(2.8)
        case 8: space.transfer = .gamma(1)
        default: return .failure(.unsupportedNCLX("transfer characteristics \(transfer)"))
        }
        return .success(space)
    }

    /// "nclx: P3 D65 / sRGB transfer", as `inspect` prints it.
    static func describe(primaries: Int, transfer: Int) -> String {
        let p = switch primaries {
        case 1: "BT.709"
        case 2: "unspecified primaries"
        case 9: "BT.2020"
        case 11: "DCI-P3"
        case 12: "P3 D65"
        default: "primaries \(primaries)"
        }
        let t = switch transfer {
        case 1: "BT.709 transfer"
        case 2: "unspecified transfer"
        case 6: "BT.601 transfer"
        case 8: "linear transfer"
        case 13: "sRGB transfer"
        case 14, 15: "BT.2020 transfer"
        case 16: "PQ transfer"
        case 18: "HLG transfer"
        default: "transfer \(transfer)"
        }
        return "nclx: \(p) / \(t)"
    }
}
