import Cards
import Diary

// Planning the ticket book's pages and the years in review. A page's
// fingerprint holds exactly what it shows, in order: a rating change
// re-renders the pages the entry leaves and joins, a memo change only the
// list page that shows its first line.
extension RenderRun {
    func planBook(_ entries: [Entry], base: String, front: (Entry) -> String, holdBook: Bool,
                  heldDates: Set<CalendarDate>) -> [WorkItem] {
        var items: [WorkItem] = []
        if options.only.contains(.books) && !holdBook && options.shard.owns(CacheLayout.bookOwner) && !entries.isEmpty {
            let format = options.formats[.books] ?? .jpg
            let sorted = BookOrder.sorted(entries)
            let pages = BookOrder.pages(of: sorted, pageSize: options.pageSize)
            for view in BookPageView.allCases {
                for (index, page) in pages.enumerated() {
                    var f = Fingerprint("book-\(view.rawValue)")
                    for field in [base, format.rawValue, "\(index + 1)/\(pages.count)", "size \(options.pageSize)",
                                  "total \(entries.count)"] { f.add(field) }
                    for e in page {
                        f.add(front(e))
                        if view == .list {
                            let line = e.memo.flatMap { $0.split(whereSeparator: \.isNewline).first.map(String.init) }
                            f.add((line ?? "-") + TextRevision.suffix([line]))
                        }
                    }
                    let key = OutputKey.bookPage(view: view, page: index + 1)
                    let path = CacheLayout.relativePath(of: key, format: format)
                    items.append(WorkItem(kind: .bookPage(view, entries: page, page: index + 1, pageCount: pages.count,
                                                          total: entries.count),
                                          id: String(path.prefix(upTo: path.lastIndex(of: ".")!)), outputs: [(key, path)],
                                          fingerprint: f.finish(), owner: CacheLayout.bookOwner))
                }
            }
            for year in BookOrder.timeline(entries) {
                let pages = BookOrder.timelinePages(year.months)
                for (index, sections) in pages.enumerated() {
                    var f = Fingerprint("timeline")
                    for field in [base, format.rawValue, "\(year.year)", "\(index + 1)/\(pages.count)"] { f.add(field) }
                    for section in sections {
                        f.add("month \(section.month)\(section.continued ? " continued" : "")")
                        for e in section.entries { f.add(front(e)) }
                    }
                    let key = OutputKey.timeline(year: year.year, page: pages.count > 1 ? index + 1 : nil)
                    let path = CacheLayout.relativePath(of: key, format: format)
                    items.append(WorkItem(kind: .timeline(year: year.year, sections: sections, page: index + 1,
                                                          pageCount: pages.count),
                                          id: String(path.prefix(upTo: path.lastIndex(of: ".")!)), outputs: [(key, path)],
                                          fingerprint: f.finish(), owner: CacheLayout.bookOwner))
                }
            }
        }
        if options.only.contains(.years) {
            let format = options.formats[.years] ?? .jpg
            let heldYears = Set(heldDates.map(\.year))
            for (year, group) in Dictionary(grouping: entries, by: \.date.year).sorted(by: { $0.key < $1.key })
            where !isHeld(CacheLayout.relativePath(of: .year(year), format: format), heldYears.contains(year))
                && options.shard.owns("year \(year)") {
                let sorted = BookOrder.sorted(group)
                var f = Fingerprint("year")
                for field in [base, format.rawValue, "\(year)"] { f.add(field) }
                for e in sorted { f.add(front(e) + "|" + e.friends.joined(separator: ",") + TextRevision.suffix(e.friends)) }
                let key = OutputKey.year(year)
                items.append(WorkItem(kind: .year(year, sorted), id: "years/\(CacheLayout.yearText(year))",
                                      outputs: [(key, CacheLayout.relativePath(of: key, format: format))],
                                      fingerprint: f.finish(), owner: CacheLayout.yearText(year)))
            }
        }
        return items
    }
}
