/// One libFuzzer target: a name and what it does with one input. The
/// fuzzer (`Fuzz/Main`, built by scripts/fuzz.sh) and the regression test
/// (`FuzzRegressionTests`, which replays `Fuzz/regressions/NAME/`) call
/// the same `run`, so an input the fuzzer found replays exactly as found.
///
/// `run` must never crash, leak or print, whatever the bytes: a bad input
/// ends as a thrown error, which the target drops.
public struct FuzzTarget: Sendable {
    /// The target's name: its folder of regressions and the fuzzer's first argument.
    public let name: String
    /// What the target reaches, for `photicase-fuzz --list`.
    public let summary: String
    /// Makes what every input shares (renderers, fonts, photos) before
    /// the first input, so its cost is not counted against that input's
    /// time limit.
    public let prepare: @Sendable () -> Void
    /// Runs one input.
    public let run: @Sendable (UnsafeRawBufferPointer) -> Void

    public init(name: String, summary: String, prepare: @escaping @Sendable () -> Void = {},
                run: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.name = name
        self.summary = summary
        self.prepare = prepare
        self.run = run
    }

    /// Every target, in the order scripts/fuzz.sh runs them.
    public static let all: [FuzzTarget] = [
        DecodeTargets.decode, DecodeTargets.jpeg, DecodeTargets.png, DecodeTargets.webp, DecodeTargets.heif,
        DecodeTargets.exif, DecodeTargets.icc, EntryTarget.entry, LayoutTarget.layout,
    ]

    /// The target called `name`, if any.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
