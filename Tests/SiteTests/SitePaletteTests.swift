import PhotiCaseDiary
import PhotiCaseRaster
import Testing
@testable import PhotiCaseSite

/// Both schemes' colours reach WCAG AA for whatever theme: text 4.5:1 on
/// everything it sits on, stars and badges 3:1 against the page and
/// cards (and the badge's text 4.5:1 on it).
@Suite struct SitePaletteTests {
    static let themes: [Theme] = [
        Theme(),
        // Pale colours everywhere: each has to be solved.
        Theme(brandColor: RGBA(255, 210, 220), brandSecondaryColor: RGBA(200, 230, 255),
              textColor: RGBA(120, 120, 120), secondaryTextColor: RGBA(200, 200, 200), starColor: RGBA(255, 255, 180),
              sundayColor: RGBA(255, 200, 200), saturdayColor: RGBA(200, 200, 255)),
        // Dark ones.
        Theme(brandColor: RGBA(60, 0, 10), brandSecondaryColor: RGBA(20, 0, 60), backgroundColor: RGBA(240, 240, 240),
              textColor: RGBA(0, 0, 0), secondaryTextColor: RGBA(40, 40, 40), starColor: RGBA(80, 60, 0)),
    ]

    @Test(arguments: themes, [SitePalette.Scheme.light, .dark])
    func everyColourReadsOnWhatItSitsOn(_ theme: Theme, _ scheme: SitePalette.Scheme) {
        let p = SitePalette(theme: theme, scheme: scheme)
        func reads(_ color: RGBA, on backdrops: [RGBA], _ ratio: Double, _ name: String) {
            for backdrop in backdrops {
                #expect(Contrast.ratio(color, backdrop) >= ratio,
                        "\(name) \(SiteStyle.hex(color)) on \(SiteStyle.hex(backdrop)) in \(scheme)")
            }
        }
        reads(p.ink, on: [p.bg, p.paper, p.well], 4.5, "ink")
        reads(p.muted, on: [p.bg, p.paper, p.well], 4.5, "muted")
        reads(p.link, on: [p.bg, p.paper], 4.5, "link")
        reads(SitePalette.white, on: [p.accent], 4.5, "white on accent")
        reads(p.accentText, on: [p.bg, p.paper], 4.5, "accent as text")
        reads(p.sun, on: [p.paper], 4.5, "sunday")
        reads(p.sat, on: [p.paper], 4.5, "saturday")
        reads(p.star, on: [p.bg, p.paper], 3, "star")
        reads(p.starOff, on: [p.bg, p.paper], 3, "empty star")
        reads(p.badge, on: [p.bg, p.paper], 3, "badge")
        reads(p.badgeInk, on: [p.badge], 4.5, "badge text")
    }

    @Test func theDarkSchemeIsDark() {
        let light = SitePalette(theme: Theme(), scheme: .light), dark = SitePalette(theme: Theme(), scheme: .dark)
        #expect(Contrast.luminance(dark.bg) < 0.02 && Contrast.luminance(light.bg) > 0.8)
        #expect(Contrast.luminance(dark.ink) > 0.8)
    }

    /// The default theme's stars were 1.8:1 on white, its empty ones 1.5:1.
    @Test func theDefaultStarsWereTooFaintAndAreNot() {
        let white = SitePalette.white
        #expect(Contrast.ratio(Theme().starColor, white) < 2)
        #expect(Contrast.ratio(SitePalette(theme: Theme(), scheme: .light).star, white) >= 3)
    }
}
