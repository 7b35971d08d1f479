import PhotiCaseDiary
import Foundation
import PhotiCaseFuzzTargets
import Testing

/// Every input the fuzzer kept (`Fuzz/regressions/TARGET/`: crashes,
/// leaks, timeouts) replayed through the same target it was found by, so
/// a regression shows in `swift test` without a fuzzer. An input that
/// crashes again crashes the test process; a leak or a slowdown is the
/// fuzzer's to see (scripts/fuzz.sh runs them too, under the sanitizers).
@Suite struct FuzzRegressionTests {
    /// Fuzz/regressions in this checkout.
    static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fuzz/regressions")
    }()

    static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func everyRegressionFolderNamesATarget() {
        for folder in Self.files(in: Self.folder) {
            #expect(FuzzTarget.named(folder.lastPathComponent) != nil,
                    "Fuzz/regressions/\(folder.lastPathComponent) is not a fuzz target's name")
        }
    }

    // One target's inputs in turn, each target on its own: the layout
    // target's renderers are shared.
    @Test(arguments: FuzzTarget.all.map(\.name))
    func regressionsReplay(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        target.prepare()
        for file in Self.files(in: Self.folder.appendingPathComponent(name)) {
            let bytes = try [UInt8](Data(contentsOf: file))
            bytes.withUnsafeBytes { target.run($0) }
        }
    }

    /// The layout target's hostile seeds are valid entries (a seed the
    /// loader refuses would never reach the layout) and are drawn.
    @Test func hostileLayoutSeedsAreEntriesAndDraw() throws {
        let layout = try #require(FuzzTarget.named("layout"))
        #expect(LayoutSeeds.all.count >= 8)
        for seed in LayoutSeeds.all {
            #expect(throws: Never.self, "\(seed.name)") {
                try EntryLoader().parse(json: seed.bytes, folder: "/tmp", defaultID: "seed", displayPath: seed.name)
            }
            seed.bytes.withUnsafeBytes { layout.run($0) }
        }
    }
}
