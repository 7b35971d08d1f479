import PhotiCaseCards
import PhotiCaseCodecs
import PhotiCaseDiary
import PhotiCaseSite

/// The month sheet of every month with entries, today's month, and the
/// short gaps between (`MonthKey.sheetMonths`): `months/<YYYY-MM>.<ext>`,
/// PNG by default (text and flat colour). Composed of the day thumbnails
/// (`DayPart`): its key holds theirs, so a changed day, another day
/// format or a day drawn provisionally makes the sheet stale too.
enum MonthsKind: KindDeclaration {
    static let kind = OutputKind.months
    static let summary = "a month sheet (the app's calendar) for each month"
    static let folders = [KindFolder("months", nested: false, bookOwned: [])]
    /// The sheet of the month holding today marks it.
    static func optionsKey(_ options: RenderOptions, kinds: Set<OutputKind>) -> String { "today \(options.today)" }
    static let phase = Phase.composed
    static let madeFrom: Set<OutputKind> = [.days]
    static let defaultFormat: ImageFormatName? = .png
    static let encoding = Encoding()

    /// A month's page links its sheet under the calendar.
    static func sitePlacements(format: ImageFormatName, sizes: SiteImageSizes) -> [SitePlacement] {
        [SitePlacement(.monthLink, label: "달력 이미지 보기", alt: "달력 이미지",
                       english: ("See the calendar image", "Calendar image"), size: nil) { subject in
            guard case let .month(month) = subject else { return nil }
            return path(month, format: format)
        }]
    }

    static func path(_ month: MonthKey, format: ImageFormatName) -> String {
        "months/\(month).\(format.rawValue)"
    }

    static func ownerKind(ofPath path: String) -> Owner.Kind? {
        imagePath(path, in: "months") { stem in MonthKey(stem)?.description == stem } ? .month : nil
    }

    static func shardKey(_ owner: Owner) -> String { owner.key }

    /// The months that get a sheet: those with loaded or held entries,
    /// today's, and the short gaps between.
    static func months(_ context: PlanContext) -> [MonthKey] {
        MonthKey.sheetMonths(withEntries: Set(context.entries.map { MonthKey($0.entry.date) }), held: context.heldMonths,
                             today: context.options.today)
    }

    static func plan(_ context: PlanContext, into plan: inout PlanBuilder) {
        guard context.makes(kind) else { return }
        let entries = context.entries, format = context.format(kind)
        let byDate = DaysKind.byDate(context)
        let byMonth = Dictionary(grouping: byDate.keys, by: MonthKey.init).mapValues { $0.sorted() }
        let months = months(context).filter { month in
            context.owns(.month(month), of: self)
                && !context.isHeld(path(month, format: format), context.heldMonths.contains(month))
        }
        let settings = encoding.settings(format, quality: context.options.quality).keyText
        let inputs = context.parallelMap(months.count) { i in
            let days = (byMonth[months[i]] ?? []).map { date in
                (day: date.day, part: DaysKind.part(date, byDate[date]!.map { entries[$0] }, in: context))
            }
            let input = MonthSheetInput(month: months[i], today: context.options.today, days: days)
            return (input, context.fingerprint(kind, encoding: settings, input: input))
        }
        for (month, (input, fingerprint)) in zip(months, inputs) {
            let output = PlannedOutput(path: path(month, format: format), fingerprint: fingerprint)
            plan.add(WorkItem(kind: kind, id: "months/\(month)", owner: .month(month), outputs: [output],
                              payload: input)) { context.isCurrent($0.path, fingerprint: $0.fingerprint) }
        }
    }

    static func render(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: OutputContent]> {
        try renderBytes(item, in: context).asContent
    }

    private static func renderBytes(_ item: WorkItem, in context: RenderContext) throws -> Rendered<[String: [UInt8]]> {
        let settings = encoding.settings(context.format(kind), quality: context.options.quality)
        let image = try context.draw(item.payload as! MonthSheetInput, [settings])
        return Rendered([item.outputs[0].path: image.value[0]], warnings: image.warnings, provisional: image.provisional)
    }
}
