// The fuzzer: every target in one executable, so scripts/fuzz.sh builds
// and links once (PHOTICASE_FUZZ=1 adds it to the package).
//
//   photicase-fuzz TARGET [libFuzzer flags] [CORPUS_DIR...]
//   photicase-fuzz --list
//   photicase-fuzz --seeds DIR     writes the layout target's hostile seeds
import PhotiCaseFuzzTargets
#if canImport(Glibc)
import Glibc
#endif

/// Writes `message` to standard error.
func complain(_ message: String) {
    _ = message.withCString { write(2, $0, strlen($0)) }
}

let argv = CommandLine.unsafeArgv
// Read once: `CommandLine.argc` counts argv's entries again on every read.
let argc = CommandLine.argc
let name = argc > 1 ? argv[1].map { String(cString: $0) } : nil
if name == "--list" {
    for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
    exit(0)
}
if name == "--seeds", argc == 3, let dir = argv[2].map({ String(cString: $0) }) {
    for seed in LayoutSeeds.all {
        let path = dir + "/" + seed.name
        guard let file = fopen(path, "wb"), fwrite(seed.bytes, 1, seed.bytes.count, file) == seed.bytes.count,
              fclose(file) == 0 else {
            complain("photicase-fuzz: cannot write \(path)\n")
            exit(1)
        }
    }
    exit(0)
}
guard let name, let target = FuzzTarget.named(name) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    complain("usage: photicase-fuzz TARGET [libFuzzer flags] [CORPUS_DIR...]; TARGET: \(names)\n")
    exit(2)
}
// libFuzzer reads the rest of the arguments: the target's name is taken
// out of argv in place (argv lives as long as the process).
for i in 1..<Int(argc) { argv[i] = argv[i + 1] }
FuzzDriver.run(target, argc: argc - 1, argv: argv)
