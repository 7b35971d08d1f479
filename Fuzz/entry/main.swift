// libFuzzer target: entry.json parsing with the editor state, through the
// loader the product uses (no photo is read; paths are only resolved).
import Diary
import FuzzSupport

let loader = EntryLoader()

FuzzDriver.run { bytes in
    _ = try? loader.parse(json: Array(bytes), folder: "/tmp/photicase-fuzz-entry", defaultID: "fuzz",
                          displayPath: "entry.json")
}
