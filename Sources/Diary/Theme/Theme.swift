import PhotiCaseRaster

/// The language cards are written in: labels, weekday names, month titles.
public enum CardLocale: String, Sendable, Hashable, CaseIterable {
    /// Korean, the app's first language.
    case ko
    /// English.
    case en
}

/// The day a calendar week starts on.
public enum FirstWeekday: String, Sendable, Hashable, CaseIterable {
    case sunday
    case monday

    /// The weekday number (0 = Sunday ... 6 = Saturday) of the first column.
    public var weekday: Int { self == .sunday ? 0 : 1 }
}

/// Whose public holidays calendars colour as Sundays (month sheets, the
/// site's calendar) and name (the site).
public enum HolidayCalendar: String, Sendable, Hashable, CaseIterable {
    /// South Korea's (`KoreanHolidays`).
    case kr
    /// None: only weekends are coloured.
    case none
}

/// Everything about how cards look that a user may change: colours, the
/// card's size and corner radius, fonts, language and calendar layout.
///
/// Sizes are in points; a render at scale `s` makes `s` pixels of every point.
/// `Theme()` is the default look; `Theme.load(from:)` reads a JSON file over it.
public struct Theme: Sendable, Hashable {
    /// The brand colour: badges, placeholder faces, today's mark.
    public var brandColor: RGBA
    /// The second colour of the placeholder gradient.
    public var brandSecondaryColor: RGBA
    /// The back face's background when it has no photo, and the month sheet's.
    public var backgroundColor: RGBA
    /// Main text on the background.
    public var textColor: RGBA
    /// Dates, director and memo on the background.
    public var secondaryTextColor: RGBA
    /// Text over photos and on the brand colour.
    public var inverseTextColor: RGBA
    /// Filled rating stars.
    public var starColor: RGBA
    /// Sunday day numbers and weekday label.
    public var sundayColor: RGBA
    /// Saturday day numbers and weekday label.
    public var saturdayColor: RGBA
    /// The backdrop of a shareable ticket image.
    public var shareBackgroundColor: RGBA
    /// The corner radius of a card, in points.
    public var cornerRadius: Double
    /// The card's size in points (width x height).
    public var cardSize: Size
    /// A font file tried first for regular text (its characters win over
    /// the family's); nil uses the family.
    public var fontFile: String?
    /// A font file tried first for bold text; nil uses `fontFile`, then the family.
    public var boldFontFile: String?
    /// The fontconfig family asked for.
    public var fontFamily: String
    /// The language of labels, dates and calendars.
    public var locale: CardLocale
    /// The first column of the month sheet.
    public var firstWeekday: FirstWeekday
    /// Whose public holidays the calendars show.
    public var holidays: HolidayCalendar
    /// How much a back photo is darkened under the text (0...1).
    public var backPhotoDim: Double
    /// The kinds entries may be (`KindStyle.builtIn`, and a theme's own).
    public var kinds: [KindStyle]
    /// Where the front's title, date and stars go when an entry does not
    /// say: over the photo, or on a band of the card below it.
    public var frontText: FrontTextPlacement

    /// The default PhotiCase look.
    public init(brandColor: RGBA = RGBA(0xFF, 0x5A, 0x5F), brandSecondaryColor: RGBA = RGBA(0x7B, 0x4D, 0xDB),
                backgroundColor: RGBA = RGBA(0xFB, 0xF7, 0xF0), textColor: RGBA = RGBA(0x1E, 0x1B, 0x18),
                secondaryTextColor: RGBA = RGBA(0x6E, 0x67, 0x5F), inverseTextColor: RGBA = .white,
                starColor: RGBA = RGBA(0xFF, 0xB4, 0x00), sundayColor: RGBA = RGBA(0xE5, 0x48, 0x4D),
                saturdayColor: RGBA = RGBA(0x3E, 0x63, 0xDD), shareBackgroundColor: RGBA = RGBA(0xEE, 0xEB, 0xE6),
                cornerRadius: Double = 18, cardSize: Size = Size(width: 300, height: 480),
                fontFile: String? = nil, boldFontFile: String? = nil, fontFamily: String = "NanumSquareRound",
                locale: CardLocale = .ko, firstWeekday: FirstWeekday = .sunday, holidays: HolidayCalendar = .kr,
                backPhotoDim: Double = 0.55,
                kinds: [KindStyle] = KindStyle.builtIn, frontText: FrontTextPlacement = .over) {
        self.brandColor = brandColor
        self.brandSecondaryColor = brandSecondaryColor
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.secondaryTextColor = secondaryTextColor
        self.inverseTextColor = inverseTextColor
        self.starColor = starColor
        self.sundayColor = sundayColor
        self.saturdayColor = saturdayColor
        self.shareBackgroundColor = shareBackgroundColor
        self.cornerRadius = cornerRadius
        self.cardSize = cardSize
        self.fontFile = fontFile
        self.boldFontFile = boldFontFile
        self.fontFamily = fontFamily
        self.locale = locale
        self.firstWeekday = firstWeekday
        self.holidays = holidays
        self.backPhotoDim = backPhotoDim
        self.kinds = kinds
        self.frontText = frontText
    }
}

/// Where the front face's title, date and stars go: over the photo (under
/// a scrim), or on a band of the card's own colour below it, so a poster's
/// own title is not drawn over.
public enum FrontTextPlacement: String, Sendable, Hashable, CaseIterable {
    case over, below
}
