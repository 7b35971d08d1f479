import Raster
import Diary

/// The site's one style sheet, in the theme's colours: warm paper, cards
/// lifted by a soft shadow, the system's Korean fonts (no web fonts), a
/// layout that narrows to a phone. Colours that carry text are darkened
/// until they read at 4.5:1 (WCAG AA) on what they sit on.
struct SiteStyle: Sendable {
    var theme: Theme

    /// The colours the sheet uses, as CSS hex.
    var palette: [(String, String)] {
        let paper = RGBA(255, 255, 255)
        let bg = theme.backgroundColor
        return [
            ("bg", Self.hex(bg)),
            ("paper", Self.hex(paper)),
            ("ink", Self.hex(Self.readable(theme.textColor, on: bg))),
            ("muted", Self.hex(Self.readable(theme.secondaryTextColor, on: bg))),
            ("brand", Self.hex(theme.brandColor)),
            // White text on it: buttons, today's date, the current tab.
            ("accent", Self.hex(Self.readable(theme.brandColor, on: paper))),
            ("link", Self.hex(Self.readable(theme.brandSecondaryColor, on: bg))),
            ("star", Self.hex(theme.starColor)),
            ("sun", Self.hex(Self.readable(theme.sundayColor, on: paper))),
            ("sat", Self.hex(Self.readable(theme.saturdayColor, on: paper))),
            ("well", Self.hex(theme.shareBackgroundColor)),
        ]
    }

    var css: String {
        ":root {\n" + palette.map { "  --\($0.0): \($0.1);\n" }.joined() + "}\n" + SiteStyle.sheet
    }

    /// `color`, darkened step by step until it reads at 4.5:1 on `backdrop`.
    static func readable(_ color: RGBA, on backdrop: RGBA) -> RGBA {
        var c = color
        while Contrast.ratio(c, backdrop) < Contrast.minimum && (c.r > 0 || c.g > 0 || c.b > 0) {
            c = RGBA(UInt8(Double(c.r) * 0.92), UInt8(Double(c.g) * 0.92), UInt8(Double(c.b) * 0.92))
        }
        return c
    }

    static func hex(_ c: RGBA) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String([c.r, c.g, c.b].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// Everything but the colours.
    static let sheet = """
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body {
      margin: 0; background: var(--bg); color: var(--ink);
      font: 16px/1.6 -apple-system, BlinkMacSystemFont, "Apple SD Gothic Neo", "Pretendard", "Noto Sans KR",
        "Noto Sans CJK KR", "Malgun Gothic", "맑은 고딕", "NanumGothic", "나눔고딕", system-ui, sans-serif;
      word-break: keep-all; overflow-wrap: anywhere;
    }
    a { color: var(--link); }
    a:focus-visible, .card:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
    img { max-width: 100%; height: auto; }
    h1, h2, h3 { line-height: 1.3; margin: 0 0 .4em; }
    h1 { font-size: 1.75rem; letter-spacing: -.01em; }
    h2 { font-size: 1.2rem; margin-top: 1.6em; }
    h3 { font-size: 1rem; margin-top: 1.2em; }
    .skip { position: absolute; left: -9999px; top: 0; }
    .skip:focus { left: 8px; top: 8px; z-index: 10; background: var(--paper); padding: 8px 12px; border-radius: 8px; }

    .top {
      display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 16px;
      padding: 12px max(16px, calc((100% - 960px) / 2)); background: var(--paper);
      border-bottom: 1px solid rgba(0, 0, 0, .06);
    }
    .brand { font-weight: 800; color: var(--ink); text-decoration: none; font-size: 1.05rem; }
    .brand::before { content: ""; display: inline-block; width: .7em; height: .7em; margin-right: .45em;
      border-radius: 3px; background: var(--brand); vertical-align: .05em; }
    .sections { display: flex; flex-wrap: wrap; gap: 4px; }
    .sections a, .tabs a { padding: 4px 12px; border-radius: 999px; text-decoration: none; color: var(--ink); }
    .sections a:hover, .tabs a:hover { background: var(--well); }
    .sections a[aria-current], .tabs a[aria-current] { background: var(--accent); color: #fff; }

    main { max-width: 960px; margin: 0 auto; padding: 20px 16px 40px; }
    .foot { max-width: 960px; margin: 0 auto; padding: 16px; color: var(--muted); font-size: .8rem; }
    .lede { color: var(--muted); margin: 0 0 16px; }
    .crumbs { font-size: .875rem; color: var(--muted); margin-bottom: 8px; }
    .crumbs a { color: var(--muted); }

    .pager { display: flex; justify-content: space-between; gap: 12px; margin: 16px 0; }
    .pager a { padding: 8px 14px; border-radius: 999px; background: var(--paper); text-decoration: none;
      box-shadow: 0 1px 3px rgba(42, 32, 24, .12); max-width: 48%; }
    .pager .next { margin-left: auto; text-align: right; }
    .pages { display: flex; flex-wrap: wrap; justify-content: center; gap: 6px; margin: 12px 0; }
    .pages a, .pages span { min-width: 2.2em; padding: 4px 8px; text-align: center; border-radius: 8px; }
    .pages a { background: var(--paper); text-decoration: none; }
    .pages [aria-current] { background: var(--accent); color: #fff; font-weight: 700; }
    .tabs { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 20px; }
    .tabs a { background: var(--paper); }
    .sheet-link { font-size: .9rem; }

    .calendar { width: 100%; table-layout: fixed; border-collapse: separate; border-spacing: 6px;
      background: var(--paper); border-radius: 20px; padding: 6px; box-shadow: 0 8px 24px rgba(42, 32, 24, .08); }
    .calendar th { font-size: .8rem; font-weight: 600; color: var(--muted); padding: 4px 0; }
    .calendar td { vertical-align: top; text-align: center; height: 5.2em; padding: 0; border-radius: 10px; }
    .calendar td a { display: block; text-decoration: none; color: inherit; border-radius: 10px; }
    .calendar td a:hover { background: var(--well); }
    .calendar .num { display: inline-block; min-width: 1.8em; font-size: .85rem; line-height: 1.8em; border-radius: 999px; }
    .calendar .sun { color: var(--sun); }
    .calendar .sat { color: var(--sat); }
    .calendar .out { opacity: .35; }
    .calendar .today .num { background: var(--accent); color: #fff; font-weight: 700; }
    .day-thumb { display: block; width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 10px; }
    .dot { display: inline-block; min-width: 1.6em; border-radius: 999px; background: var(--brand); color: #fff;
      font-size: .75rem; }

    .tiles, .rows { list-style: none; margin: 0; padding: 0; }
    .tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 18px; }
    .rows { display: grid; gap: 10px; }
    .card { position: relative; display: block; color: var(--ink); text-decoration: none; background: var(--paper);
      border-radius: 16px; box-shadow: 0 1px 2px rgba(42, 32, 24, .06), 0 6px 18px rgba(42, 32, 24, .08);
      transition: transform .15s ease; }
    .card:hover { transform: translateY(-2px); }
    .tile { padding: 10px; height: 100%; }
    .tile .thumb { display: block; width: 100%; border-radius: 10px; margin-bottom: 8px; }
    .row { display: grid; grid-template-columns: 56px minmax(0, 1fr); gap: 14px; align-items: center; padding: 10px 14px; }
    .ranked .row { grid-template-columns: auto 56px minmax(0, 1fr); }
    .row .thumb { width: 56px; border-radius: 6px; }
    .thumb.blank { display: flex; align-items: center; justify-content: center; aspect-ratio: 300 / 480;
      background: var(--well); color: var(--muted); font-size: .75rem; }
    .rank { font-weight: 800; color: var(--accent); font-size: .9rem; min-width: 2.2em; }
    .tile .rank { position: absolute; top: 16px; left: 16px; z-index: 1; background: var(--paper); color: var(--ink);
      padding: 0 8px; border-radius: 999px; box-shadow: 0 1px 3px rgba(0, 0, 0, .2); }
    .card-text { display: grid; gap: 2px; min-width: 0; }
    .title { font-weight: 700; line-height: 1.35; }
    .meta { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; color: var(--muted); font-size: .85rem; }
    .memo-line { color: var(--muted); font-size: .875rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .kind { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: .75rem; font-weight: 700;
      background: var(--well); color: var(--ink); }
    .stars { position: relative; display: inline-block; color: #d8d1c7; letter-spacing: 1px; line-height: 1;
      white-space: nowrap; font-family: "DejaVu Sans", sans-serif; }
    .stars-on { position: absolute; inset: 0 auto 0 0; overflow: hidden; color: var(--star); }
    .rating { font-variant-numeric: tabular-nums; }

    .entry-head { margin-bottom: 16px; }
    .entry-head .meta { font-size: .95rem; }
    .entry-head .meta time::before { content: "·"; margin-right: 8px; }
    .faces { display: grid; grid-template-columns: repeat(2, minmax(0, 280px)); gap: 20px; margin: 0 0 24px; }
    .face { margin: 0; text-align: center; color: var(--muted); font-size: .85rem; }
    .face img { display: block; width: 100%; filter: drop-shadow(0 6px 12px rgba(42, 32, 24, .18)); margin-bottom: 6px; }
    .details { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 12px; margin: 0 0 8px;
      background: var(--paper); border-radius: 16px; padding: 14px 18px; }
    .details dt { font-size: .8rem; color: var(--muted); }
    .details dd { margin: 0; font-weight: 600; }
    .friends { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 6px; }
    .friends li { background: var(--well); border-radius: 999px; padding: 0 10px; font-weight: 500; }
    .memo p { background: var(--paper); border-left: 4px solid var(--brand); border-radius: 4px 12px 12px 4px;
      padding: 12px 16px; margin: 0 0 10px; }
    .share img { display: block; width: 100%; max-width: 560px; border-radius: 12px; margin-bottom: 12px; }
    .button { display: inline-block; padding: 10px 18px; border-radius: 999px; background: var(--accent); color: #fff;
      font-weight: 700; text-decoration: none; }

    @media (min-width: 860px) {
      .month-view { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 28px; align-items: start; }
      .month-view .days > h2 { margin-top: 0; }
      .month-view .day:first-of-type h3 { margin-top: .4em; }
    }
    .day h3 a { color: var(--ink); }
    .timeline-month h2 a { color: var(--ink); }
    .year-review { display: grid; grid-template-columns: minmax(0, 360px) minmax(0, 1fr); gap: 28px; align-items: start; }
    .story { display: block; width: 100%; border-radius: 18px; box-shadow: 0 8px 24px rgba(42, 32, 24, .15); }
    .month-bars { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(84px, 1fr)); gap: 6px; }
    .month-bars li { padding: 4px 8px; border-radius: 8px; font-size: .85rem;
      background: linear-gradient(to right, var(--well) var(--n), var(--paper) var(--n)); }
    .years { width: 100%; border-collapse: collapse; background: var(--paper); border-radius: 16px; overflow: hidden; }
    .years th, .years td { text-align: left; padding: 10px 14px; border-bottom: 1px solid rgba(0, 0, 0, .06); vertical-align: top; }
    .years thead th { font-size: .8rem; color: var(--muted); }
    .month-links a { display: inline-block; margin: 0 8px 2px 0; }

    @media (max-width: 600px) {
      main { padding: 14px 10px 32px; }
      h1 { font-size: 1.4rem; }
      .calendar { border-spacing: 2px; padding: 2px; border-radius: 14px; }
      .calendar td { height: 3.6em; }
      .calendar .num { font-size: .75rem; }
      .tiles { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; }
      .year-review { grid-template-columns: minmax(0, 1fr); }
      .years th, .years td { padding: 8px; }
    }
    @media (prefers-reduced-motion: reduce) { .card { transition: none; } }

    """
}
