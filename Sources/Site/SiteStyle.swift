import PhotiCaseRaster
import PhotiCaseDiary

/// The site's one style sheet, in the theme's colours: warm paper, cards
/// lifted by a soft shadow, the system's Korean fonts (no web fonts), a
/// layout that narrows to a phone, and a dark scheme when the system asks
/// for one (`prefers-color-scheme`). Both schemes' colours are solved for
/// contrast (`SitePalette`). An English site's sheet names the Korean
/// fonts' Korean names in escapes (`HangulEscape`).
struct SiteStyle: Sendable {
    var theme: Theme

    var light: SitePalette { SitePalette(theme: theme, scheme: .light) }
    var dark: SitePalette { SitePalette(theme: theme, scheme: .dark) }

    var css: String {
        func block(_ palette: SitePalette, indent: String) -> String {
            palette.properties.map { "\(indent)--\($0.0): \(Self.hex($0.1));\n" }.joined()
        }
        let css = ":root {\n  color-scheme: light dark;\n" + block(light, indent: "  ") + crop
            + "  --shadow: rgba(42, 32, 24, .12); --line: rgba(0, 0, 0, .07);\n}\n"
            + "@media (prefers-color-scheme: dark) {\n  :root {\n" + block(dark, indent: "    ")
            + "    --shadow: rgba(0, 0, 0, .45); --line: rgba(255, 255, 255, .1);\n  }\n}\n" + SiteStyle.sheet
            + SiteStyle.pagers
        return theme.locale == .ko ? css : HangulEscape.css(css)
    }

    /// A track that pages: one entry a page, snapped (`scroll-snap-stop`
    /// keeps a fast swipe to one), its scroll bar hidden (the page control
    /// shows the place). Written for pagers that always page, at a phone's
    /// width for a day's (a grid from 860 px), and on touch screens only
    /// for those that are a grid elsewhere.
    static func paging(_ pager: String, indent: String) -> String {
        """
        \(indent)\(pager) .pager-track { display: flex; gap: 0; overflow-x: auto; overscroll-behavior-x: contain;
        \(indent)  scroll-snap-type: x mandatory; scrollbar-width: none; border-radius: 16px; }
        \(indent)\(pager) .pager-track::-webkit-scrollbar { display: none; }
        \(indent)\(pager) .slide { flex: 0 0 100%; min-width: 0; scroll-snap-align: center; scroll-snap-stop: always;
        \(indent)  padding: 4px 4px 14px; }
        \(indent)\(pager) .slide .card { max-width: 340px; height: auto; margin: 0 auto; }

        """
    }

    /// The pagers (`EntryPager`) and their page control.
    static let pagers = paging(".paged", indent: "") + "@media (max-width: 859px) {\n" + paging(".narrow-paged", indent: "  ")
        + "}\n" + ".touch-only { display: none; }\n"
        + "@media (hover: none) and (pointer: coarse) {\n" + paging(".touch-paged", indent: "  ")
        + "  .touch-only { display: block; }\n  .touch-only ~ .days { display: none; }\n}\n" + """
    .entry-pager { margin: 0 0 16px; }
    .page-control { display: flex; align-items: center; justify-content: center; gap: 8px; margin-top: 2px; }
    .page-step { width: 36px; height: 36px; padding: 0; border: 0; border-radius: 999px; background: var(--paper);
      color: var(--ink); font: inherit; font-size: 1.4rem; line-height: 1; cursor: pointer; box-shadow: 0 1px 3px var(--shadow); }
    .page-step:disabled { opacity: .35; cursor: default; }
    .dots { display: flex; flex-wrap: wrap; justify-content: center; }
    .dot { width: 24px; height: 24px; padding: 0; border: 0; background: none; cursor: pointer; }
    .dot::before { content: ""; display: block; width: 8px; height: 8px; margin: auto; border-radius: 50%;
      background: var(--muted); opacity: .5; }
    .dot[aria-current]::before { background: var(--accent); opacity: 1; transform: scale(1.25); }
    .page-count { min-width: 4.5em; text-align: center; font-variant-numeric: tabular-nums; color: var(--muted); }
    /* A move by button or key glides, unless motion is asked to be reduced. */
    @media (prefers-reduced-motion: no-preference) { .pager-track { scroll-behavior: smooth; } }

    """

    /// Where a row's square of the front photo sits in the face image
    /// (`.crop`): the square the book's list image cuts, 76% of the
    /// face's width from 12% in and 10% down (clear of the kind badge
    /// and the caption), as offsets of the square's side.
    var crop: String {
        let w = Double(theme.cardSize.width), h = Double(theme.cardSize.height)
        let side = min(0.76 * w, 0.5 * h)
        func percent(_ v: Double) -> String { String((v * 10000).rounded() / 100) + "%" }
        return "  --crop-width: \(percent(w / side)); --crop-left: \(percent(-0.12 * w / side));"
            + " --crop-top: \(percent(-0.1 * h / side));\n"
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
    a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible {
      outline: 3px solid var(--link); outline-offset: 2px; }
    img { max-width: 100%; height: auto; }
    [hidden] { display: none !important; }
    h1, h2, h3 { line-height: 1.3; margin: 0 0 .4em; }
    h1 { font-size: 1.75rem; letter-spacing: -.01em; }
    h2 { font-size: 1.2rem; margin-top: 1.6em; }
    h3 { font-size: 1rem; margin-top: 1.2em; }
    .skip { position: absolute; left: -9999px; top: 0; }
    .skip:focus { left: 8px; top: 8px; z-index: 10; background: var(--paper); padding: 8px 12px; border-radius: 8px; }
    .sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
      clip: rect(0 0 0 0); white-space: nowrap; border: 0; }

    .top {
      display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 16px;
      padding: 12px max(16px, calc((100% - 960px) / 2)); background: var(--paper); border-bottom: 1px solid var(--line);
    }
    .brand { font-weight: 800; color: var(--ink); text-decoration: none; font-size: 1.05rem; }
    .brand::before { content: ""; display: inline-block; width: .7em; height: .7em; margin-right: .45em;
      border-radius: 3px; background: var(--brand); vertical-align: .05em; }
    .sections { display: flex; flex-wrap: wrap; gap: 4px; }
    .sections a, .tabs a { padding: 4px 12px; border-radius: 999px; text-decoration: none; color: var(--ink); white-space: nowrap; }
    .sections a:hover, .tabs a:hover { background: var(--well); }
    .sections a[aria-current], .tabs a[aria-current] { background: var(--accent); color: #fff; }

    main { max-width: 960px; margin: 0 auto; padding: 20px 16px 40px; }
    .foot { max-width: 960px; margin: 0 auto; padding: 16px; color: var(--muted); font-size: .8rem; }
    .lede { color: var(--muted); margin: 0 0 16px; }
    .crumbs { font-size: .875rem; color: var(--muted); margin-bottom: 8px; }
    .crumbs a { color: var(--muted); }

    .pager { display: flex; justify-content: space-between; gap: 10px; margin: 16px 0; }
    .pager a { display: block; min-width: 0; max-width: calc(50% - 5px); padding: 8px 14px; border-radius: 999px;
      background: var(--paper); text-decoration: none; box-shadow: 0 1px 3px var(--shadow);
      white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .pager .next { margin-left: auto; }
    .pages { display: flex; flex-wrap: wrap; justify-content: center; gap: 6px; margin: 12px 0; }
    .pages a, .pages span { min-width: 2.2em; padding: 4px 8px; text-align: center; border-radius: 8px; }
    .pages a { background: var(--paper); text-decoration: none; }
    .pages [aria-current] { background: var(--accent); color: #fff; font-weight: 700; }
    .tabs { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 20px; }
    .tabs a { background: var(--paper); }
    .sheet-link, .more-links, .year-links { font-size: .9rem; }
    .year-links a { display: inline-block; margin-right: 14px; }
    .button { display: inline-block; padding: 10px 18px; border: 0; border-radius: 999px; background: var(--accent);
      color: #fff; font: inherit; font-weight: 700; text-decoration: none; cursor: pointer; }

    .calendar { width: 100%; table-layout: fixed; border-collapse: separate; border-spacing: 6px;
      background: var(--paper); border-radius: 20px; padding: 6px; box-shadow: 0 8px 24px var(--shadow); }
    .calendar th { font-size: .8rem; font-weight: 600; color: var(--muted); padding: 4px 0; }
    .calendar td { vertical-align: top; text-align: center; height: 5.2em; padding: 0; border-radius: 10px;
      background: var(--bg); }
    .calendar td.out { background: none; }
    .calendar td a { display: block; text-decoration: none; color: inherit; border-radius: 10px; }
    .calendar td a:hover { background: var(--well); }
    .calendar .num { display: inline-block; min-width: 1.8em; font-size: .85rem; line-height: 1.8em; border-radius: 999px; }
    .calendar .sun { color: var(--sun); }
    .calendar .sat { color: var(--sat); }
    .calendar .hol { color: var(--sun); }
    .calendar .hol-name { display: block; font-size: .62rem; line-height: 1.25; margin: -2px 2px 2px; white-space: nowrap;
                          overflow: hidden; text-overflow: ellipsis; }
    .calendar .out { color: var(--muted); }
    .calendar .out .num { font-size: .75rem; }
    .calendar .today .num { background: var(--accent); color: #fff; font-weight: 700; }
    .day-thumb { display: block; width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 10px; }
    .dot { display: inline-block; min-width: 1.6em; border-radius: 999px; background: var(--badge); color: var(--badge-ink);
      font-size: .75rem; }

    .tiles, .rows { list-style: none; margin: 0; padding: 0; }
    .on-this-day { margin: 0 0 24px; }
    .on-this-day h2 { margin: 8px 0 4px; }
    .tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 18px; }
    .rows { display: grid; gap: 10px; }
    .card { position: relative; display: block; color: var(--ink); text-decoration: none; background: var(--paper);
      border-radius: 16px; box-shadow: 0 1px 2px var(--shadow), 0 6px 18px var(--shadow); transition: transform .15s ease; }
    .card:hover { transform: translateY(-2px); }
    .card:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
    .tile { padding: 10px; height: 100%; }
    .tile .thumb { display: block; width: 100%; border-radius: 10px; margin-bottom: 8px; }
    .row { display: grid; grid-template-columns: 64px minmax(0, 1fr); gap: 14px; align-items: center; padding: 10px 14px; }
    .ranked .row { grid-template-columns: auto 64px minmax(0, 1fr); }
    .crop { position: relative; display: block; width: 64px; aspect-ratio: 1; overflow: hidden; overflow: clip;
      border-radius: 10px; background: var(--well); }
    .crop img { position: absolute; max-width: none; width: var(--crop-width); height: auto; left: var(--crop-left);
      top: var(--crop-top); }
    /* The feed image (1080x1350, its photo the top 1080x900): a square of 720 from (180, 150),
       clear of the kind badge and the veil over the photo's top. */
    .crop.feed img { width: 150%; left: -25%; top: -20.83%; }
    .blank { display: flex; align-items: center; justify-content: center; background: var(--badge); color: var(--badge-ink);
      font-size: .75rem; font-weight: 700; }
    .thumb.blank { aspect-ratio: 300 / 480; border-radius: 10px; margin-bottom: 8px; }
    .rank { font-weight: 800; color: var(--accent-text); font-size: .9rem; min-width: 2.2em; }
    /* A tile's rank sits at the top right: the face's own kind badge is at its top left. */
    .tile .rank { position: absolute; top: 16px; right: 16px; z-index: 1; background: var(--paper); color: var(--ink);
      padding: 0 8px; border-radius: 999px; box-shadow: 0 1px 3px rgba(0, 0, 0, .2); }
    .card-text { display: grid; gap: 2px; min-width: 0; }
    .title { font-weight: 700; line-height: 1.35; }
    .meta { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; color: var(--muted); font-size: .85rem; }
    .memo-line { color: var(--muted); font-size: .875rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .kind { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: .75rem; font-weight: 700; line-height: 1.7;
      background: var(--badge); color: var(--badge-ink); text-decoration: none; }
    a.kind:hover { text-decoration: underline; }
    /* The stars are drawn, not written: a picture of the rating beside them. */
    .stars { position: relative; display: inline-block; color: var(--star-off); letter-spacing: 1px; line-height: 1;
      white-space: nowrap; font-family: "DejaVu Sans", sans-serif; }
    .stars::before, .stars-on::before { content: "★★★★★"; }
    .stars-on { position: absolute; inset: 0 auto 0 0; overflow: hidden; color: var(--star); }
    .rating { font-variant-numeric: tabular-nums; }
    mark { background: var(--well); color: var(--ink); border-radius: 3px; box-shadow: inset 0 -2px var(--link); }

    .entry-head { margin-bottom: 16px; }
    .entry-head .meta { font-size: .95rem; }
    .entry-head .meta time::before { content: "·"; margin-right: 8px; }
    .entry-body { display: grid; gap: 20px 28px; }
    .faces { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 16px; max-width: 560px; }
    .face { margin: 0; text-align: center; color: var(--muted); font-size: .85rem; }
    .zoom { display: block; cursor: zoom-in; border-radius: 14px; }
    .face img { display: block; width: 100%; filter: drop-shadow(0 6px 12px var(--shadow)); margin-bottom: 6px; }
    .entry-info > :first-child { margin-top: 0; }
    .details { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 8px 16px; margin: 0 0 8px;
      background: var(--paper); border-radius: 16px; padding: 14px 18px; }
    .details dt { font-size: .85rem; color: var(--muted); padding-top: .1em; }
    .details dd { margin: 0; font-weight: 600; }
    .friends, .kinds { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
    .friends a, .kinds a { display: inline-block; background: var(--well); color: var(--ink); border-radius: 999px;
      padding: 0 10px; text-decoration: none; }
    .friends a:hover, .kinds a:hover { text-decoration: underline; }
    .memo p { background: var(--paper); border-inline-start: 4px solid var(--brand); border-radius: 12px;
      border-start-start-radius: 4px; border-end-start-radius: 4px; padding: 12px 16px; margin: 0 0 10px; }
    .download-list { list-style: none; margin: 0; padding: 0; display: grid;
      grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 10px; }
    .download { display: grid; grid-template-columns: 26px minmax(0, 1fr); column-gap: 12px; align-items: center;
      padding: 10px 14px; border-radius: 14px; background: var(--paper); color: var(--ink); text-decoration: none;
      box-shadow: 0 1px 3px var(--shadow); height: 100%; }
    .download:hover .download-name { text-decoration: underline; }
    .shape { grid-row: span 2; justify-self: center; border: 2px solid var(--link); border-radius: 4px; }
    .download-name { font-weight: 700; }
    .download-info { font-size: .8rem; color: var(--muted); }

    /* One column that keeps to the screen: a pager in it is as wide as the
       page, not as wide as all its entries side by side. */
    .month-view { display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px 28px; }
    @media (min-width: 860px) {
      .month-view { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; }
      .month-view .days > h2, .home-diary h2:first-child { margin-top: 0; }
      .month-view .day:first-of-type h3 { margin-top: .4em; }
      .entry-body { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); align-items: start; }
    }
    .day h3 a, .timeline-month h2 a { color: var(--ink); }
    .stat-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 10px; }
    .stat-grid li { display: grid; background: var(--paper); border-radius: 14px; padding: 10px 14px; }
    .stat-label { font-size: .8rem; color: var(--muted); }
    .stat-value { font-size: 1.15rem; font-weight: 800; }

    .year-review { display: grid; grid-template-columns: minmax(0, 340px) minmax(0, 1fr); gap: 28px; align-items: start; }
    .story { display: block; width: 100%; border-radius: 18px; box-shadow: 0 8px 24px var(--shadow); }
    .year-image .downloads h2 { margin-top: 1em; }
    .month-chart { list-style: none; margin: 0 0 12px; padding: 12px 10px 8px; display: grid;
      grid-template-columns: repeat(12, minmax(0, 1fr)); gap: 4px; height: 190px; background: var(--paper); border-radius: 16px; }
    .month-chart li { display: flex; min-width: 0; }
    .month-chart a, .month-chart .empty { flex: 1; display: flex; flex-direction: column-reverse; align-items: stretch;
      min-width: 0; text-decoration: none; color: var(--ink); border-radius: 8px; }
    .month-chart a:hover { background: var(--well); }
    .month-chart .label { text-align: center; font-size: .75rem; color: var(--muted); padding-top: 4px; white-space: nowrap; }
    .month-chart .count { text-align: center; font-size: .7rem; font-weight: 700; white-space: nowrap; font-variant-numeric: tabular-nums; }
    .month-chart .empty .count { color: var(--muted); font-weight: 400; }
    .month-chart .bar { display: block; height: calc(var(--n) * .78); margin: 2px 18% 0; border-radius: 4px 4px 0 0;
      background: var(--badge); }
    /* Label below, and above it the plot: count on top of the bar. */
    .month-chart .bar { order: 1; }
    .month-chart .count { order: 2; }
    .month-chart .label { order: 0; }
    .years { width: 100%; border-collapse: collapse; background: var(--paper); border-radius: 16px; overflow: hidden; }
    .years th, .years td { text-align: start; padding: 10px 14px; border-bottom: 1px solid var(--line); vertical-align: top; }
    .years thead th { font-size: .8rem; color: var(--muted); white-space: nowrap; }
    .years th[scope=row] a { white-space: nowrap; }
    .years .num { white-space: nowrap; font-variant-numeric: tabular-nums; }
    .month-links a { display: inline-block; margin: 0 8px 2px 0; white-space: nowrap; }

    .search-form { display: grid; gap: 10px; margin: 0 0 14px; }
    .search-box { margin: 0; }
    .search-box input { width: 100%; font: inherit; font-size: 1.1rem; padding: 10px 18px; border-radius: 999px;
      border: 2px solid var(--muted); background: var(--paper); color: var(--ink); }
    .filters { display: flex; flex-wrap: wrap; gap: 8px 14px; }
    .filter { margin: 0; display: flex; align-items: center; gap: 6px; font-size: .9rem; }
    .filter label { color: var(--muted); white-space: nowrap; }
    .filter select { font: inherit; padding: 4px 6px; border-radius: 10px; border: 1px solid var(--muted);
      background: var(--paper); color: var(--ink); max-width: 11em; }
    .hint { margin: 0; font-size: .85rem; color: var(--muted); }
    .more { text-align: center; }

    @media (max-width: 600px) {
      main { padding: 14px 12px 32px; }
      h1 { font-size: 1.4rem; }
      .top { padding: 10px 12px; }
      .sections a { padding: 4px 9px; }
      .calendar { border-spacing: 2px; padding: 2px; border-radius: 14px; }
      .calendar td { height: 3.6em; }
      .calendar .num { font-size: .75rem; }
      .tiles { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; }
      .year-review { grid-template-columns: minmax(0, 1fr); }
      .year-image { max-width: 300px; margin: 0 auto; }
      .years th, .years td { padding: 8px; }
      .pager a { padding: 8px 12px; }
      .pager .lead { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); }
      .month-chart { height: 170px; padding: 10px 4px 6px; gap: 2px; }
      .month-chart .bar { margin: 2px 12% 0; }
      .month-chart .count { font-size: .65rem; }
    }
    @media (prefers-reduced-motion: reduce) { .card { transition: none; } }

    """
}
