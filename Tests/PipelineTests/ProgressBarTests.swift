import PhotiCasePipeline
import Testing
import PhotiCaseText

/// The progress line fits any terminal: counted in cells, Hangul as two,
/// and never reaching the last column (where the terminal would wrap).
@Suite struct ProgressBarTests {
    static let names = ["2022/08/27-헤어질-결심-두-번째-관람-아주-긴-폴더-이름", "2022/08/20-dune", "",
                        "🎬🍿-영화의-밤", "line\nbreak", String(repeating: "가", count: 200)]

    @Test(arguments: [10, 20, 30, 40, 49, 50, 60, 80, 120, 300])
    func lineNeverReachesTheLastColumn(width: Int) {
        for name in Self.names {
            for (done, total) in [(0, 0), (3, 40), (40, 40), (123_456, 999_999)] {
                let line = ProgressBar.line(done: done, total: total, rate: 12.3, eta: 4000, current: name, width: width)
                #expect(DisplayWidth.cells(line) <= width - 1, "\(width) columns: \"\(line)\"")
                #expect(!line.contains("\n"))
            }
        }
    }

    @Test func narrowTerminalKeepsTheCountsAndTheNameEnd() {
        let line = ProgressBar.line(done: 3, total: 40, rate: 1.5, eta: 25, current: "2022/08/27-헤어질-결심",
                                    width: 40)
        #expect(line.hasPrefix("3/40 7%"), "no room for the bar at 40 columns: \(line)")
        #expect(line.hasSuffix("결심"), "the name keeps its end: \(line)")
        let wide = ProgressBar.line(done: 3, total: 40, rate: 1.5, eta: 25, current: "x", width: 120)
        #expect(wide.hasPrefix("█░"), "a wide terminal shows the bar: \(wide)")
        #expect(DisplayWidth.cells(wide) == 24 + 1 + DisplayWidth.cells("3/40 7% 1.5/s ETA 0:25") + 2)
    }
}
