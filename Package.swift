// swift-tools-version:6.0
// The package is laid out as the pipeline runs:
// C shims -> Codecs -> Imaging/Text -> Cards -> Site -> Pipeline -> CLI.
// Dependencies only ever point down that list.
import PackageDescription

let package = Package(
    name: "photicase-render",
    products: [
        .executable(name: "photicase-render", targets: ["photicase-render"]),
    ],
    targets: [
        // System libraries: a module map and a header each.
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpdemux"),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz"),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig"),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto"),
        // libdeflate: the deflate of the PNGs `render` writes (see png_shim.c).
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate"),
        .systemLibrary(name: "CLCMS2", path: "Sources/CLCMS2", pkgConfig: "lcms2"),
        .systemLibrary(name: "CHeif", path: "Sources/CHeif", pkgConfig: "libheif"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),

        // The only C code we write: every setjmp lives here.
        .target(name: "CShims", dependencies: ["CJPEG", "CPNG", "CDeflate"]),

        // Every file-system call: bounded reads, atomic writes, folder
        // walks, locks, all relative to folder handles. Below everything.
        .target(name: "FileSystem"),

        // Pure Swift: the raster value type and plane geometry.
        .target(name: "Raster", linkerSettings: [.linkedLibrary("m")]),
        // Format sniffing, EXIF, limits, and one binding file per C codec.
        .target(name: "Codecs", dependencies: ["CShims", "CWebP", "CLCMS2", "CHeif", "Raster", "FileSystem"]),
        // Editor crop geometry, resampling, compositing, shapes.
        .target(name: "Imaging", dependencies: ["Raster"]),
        // The entry format: entry.json parsing, validation, safe photo paths
        // (Text: a title is checked as it will be shown, `SearchTitle`).
        .target(name: "Entries", dependencies: ["Imaging", "FileSystem", "Text"]),
        // Font discovery, shaping and glyph rasterization.
        .target(name: "Text", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "Raster", "Imaging"]),

        // Ticket faces, day thumbnails, month sheets: each a linear recipe.
        .target(name: "Cards", dependencies: ["Entries", "Codecs", "Imaging", "Text"]),

        // The browsable book: page models to HTML bytes, pure values, no I/O.
        .target(name: "Site", dependencies: ["Cards", "Entries", "Text", "Raster"]),

        // The batch job: entries, cache and its index, scheduling, progress, log, lock.
        .target(name: "Pipeline", dependencies: ["Cards", "Site", "Entries", "Codecs", "FileSystem", "CCrypto", "CSQLite"]),

        // Thin command-line front end.
        .executableTarget(
            name: "photicase-render",
            dependencies: ["Pipeline", "Cards", "Entries", "Codecs", "Imaging", "Text", "Raster", "FileSystem"]
        ),

        // Benchmarks: executables that print figures; run them in release.
        .executableTarget(name: "fixture-maker", dependencies: ["Codecs"], path: "Tools/fixture-maker"),
        .executableTarget(name: "resample-bench", dependencies: ["Imaging"], path: "Benchmarks/resample-bench"),
        .executableTarget(name: "color-bench", dependencies: ["Codecs"], path: "Benchmarks/color-bench"),

        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "Imaging", "Raster"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Raster"], exclude: ["Golden"]),
        .testTarget(name: "EntriesTests", dependencies: ["Entries"]),
        .testTarget(name: "CardsTests", dependencies: ["Cards", "Entries", "Codecs", "Imaging", "Text"], exclude: ["Golden"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Cards", "Entries"], exclude: ["Golden"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Site", "FileSystem", "Cards", "Entries"], exclude: ["Golden"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Imaging", "Raster"]),
        .testTarget(name: "CLITests", dependencies: ["Codecs", "Raster", "FileSystem"]),
    ]
)

// libFuzzer targets, only when PHOTICASE_FUZZ=1 (scripts/fuzz.sh builds
// them with the sanitizer flags): ordinary builds leave them out.
if Context.environment["PHOTICASE_FUZZ"] == "1" {
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["CShims"], path: "Fuzz/FuzzSupport"))
    for (name, module) in [("decode", "Codecs"), ("jpeg", "Codecs"), ("png", "Codecs"), ("webp", "Codecs"),
                           ("exif", "Codecs"), ("icc", "Codecs"), ("entry", "Entries")] {
        package.targets.append(.executableTarget(
            name: "fuzz-\(name)", dependencies: [.target(name: module), "FuzzSupport"], path: "Fuzz/\(name)"))
    }
}
