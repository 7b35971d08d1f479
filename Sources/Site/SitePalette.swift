import PhotiCaseDiary
import PhotiCaseRaster

/// The site's colours in one scheme (light or dark), solved from the
/// theme so that text reads at 4.5:1 on everything it sits on and the
/// stars and badges stand out at 3:1 (WCAG 2's AA for text and for
/// graphics), whatever colours a theme file chooses.
struct SitePalette: Sendable, Equatable {
    enum Scheme: Sendable { case light, dark }

    /// The page.
    var bg: RGBA
    /// Cards, the calendar, the header.
    var paper: RGBA
    /// Hover backgrounds, companions' chips.
    var well: RGBA
    /// Text.
    var ink: RGBA
    /// Dates, labels, captions.
    var muted: RGBA
    /// Decoration only (the brand mark, the memo's rule, bars).
    var brand: RGBA
    /// Under white text: buttons, the current tab, today's date.
    var accent: RGBA
    /// The brand colour as text (ranks).
    var accentText: RGBA
    var link: RGBA
    /// Filled and empty stars.
    var star: RGBA
    var starOff: RGBA
    /// The kind badge and its text.
    var badge: RGBA
    var badgeInk: RGBA
    /// Sunday and Saturday in the calendar.
    var sun: RGBA
    var sat: RGBA

    /// WCAG's least contrast for graphics and large text.
    static let graphics = 3.0
    static let white = RGBA(255, 255, 255)

    init(theme: Theme, scheme: Scheme) {
        let text = Contrast.minimum
        switch scheme {
        case .light:
            bg = theme.backgroundColor
            paper = Self.white
            well = theme.shareBackgroundColor
        case .dark:
            // The theme's text colour, deepened until it is night, is the
            // page; cards and wells a step and two lighter.
            var night = Self.mix(theme.textColor, RGBA(0, 0, 0), 0.35)
            while Contrast.luminance(night) > 0.008 { night = Self.mix(night, RGBA(0, 0, 0), 0.1) }
            bg = night
            paper = Self.mix(night, Self.white, 0.06)
            well = Self.mix(night, Self.white, 0.15)
        }
        let surfaces = [bg, paper, well]
        ink = Self.solve(scheme == .light ? theme.textColor : theme.backgroundColor, on: surfaces, ratio: text)
        muted = Self.solve(theme.secondaryTextColor, on: surfaces, ratio: text)
        brand = theme.brandColor
        accent = Self.solve(theme.brandColor, on: [Self.white], ratio: text)
        accentText = Self.solve(theme.brandColor, on: [bg, paper], ratio: text)
        link = Self.solve(theme.brandSecondaryColor, on: [bg, paper], ratio: text)
        star = Self.solve(theme.starColor, on: [bg, paper], ratio: Self.graphics)
        starOff = Self.solve(Self.mix(theme.secondaryTextColor, bg, 0.5), on: [bg, paper], ratio: Self.graphics)
        switch scheme {
        case .light:
            // White on the accent: the badge stands 4.5:1 from white paper too.
            badge = accent
            badgeInk = Self.white
        case .dark:
            // A light badge with the page's dark colour on it.
            badge = Self.solve(theme.brandColor, on: [bg, paper], ratio: text)
            badgeInk = bg
        }
        sun = Self.solve(theme.sundayColor, on: [paper], ratio: text)
        sat = Self.solve(theme.saturdayColor, on: [paper], ratio: text)
    }

    /// The colours as CSS custom properties.
    var properties: [(String, RGBA)] {
        [("bg", bg), ("paper", paper), ("well", well), ("ink", ink), ("muted", muted), ("brand", brand),
         ("accent", accent), ("accent-text", accentText), ("link", link), ("star", star), ("star-off", starOff), ("badge", badge),
         ("badge-ink", badgeInk), ("sun", sun), ("sat", sat)]
    }

    /// `color` moved step by step toward black (on light backdrops) or
    /// white (on dark ones) until it reaches `ratio` on every one of
    /// `backdrops`; as it is when it already does.
    static func solve(_ color: RGBA, on backdrops: [RGBA], ratio: Double) -> RGBA {
        let dark = backdrops.map(Contrast.luminance).reduce(0, +) / Double(max(1, backdrops.count)) < 0.18
        let target = dark ? white : RGBA(0, 0, 0)
        var c = RGBA(color.r, color.g, color.b)
        var step = 0
        while backdrops.contains(where: { Contrast.ratio(c, $0) < ratio }) && step < 100 {
            c = mix(c, target, 0.06)
            step += 1
        }
        return c
    }

    /// `a` moved `amount` (0...1) of the way to `b`, opaque.
    static func mix(_ a: RGBA, _ b: RGBA, _ amount: Double) -> RGBA {
        // At least one step while not there, so repeated small mixes arrive.
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let moved = (Double(x) + (Double(y) - Double(x)) * amount).rounded()
            if amount > 0, moved == Double(x), x != y { return x < y ? x + 1 : x - 1 }
            return UInt8(moved)
        }
        return RGBA(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b))
    }
}
