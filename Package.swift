// swift-tools-version:6.0
// The package is laid out as the pipeline runs:
// C shims -> Codecs -> Imaging/Text -> Cards -> Site -> Pipeline -> CLI.
// Dependencies only ever point down that list.
import PackageDescription

let package = Package(
    name: "photicase-render",
    products: [
        .executable(name: "photicase-render", targets: ["photicase-render"]),
        .library(name: "PhotiCase", targets: ["PhotiCase"]),
    ],
    targets: [
        // System libraries: a module map and a header each.
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpdemux"),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz"),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig"),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi"),
        // libunibreak: line-break opportunities (UAX #14).
        .systemLibrary(name: "CUnibreak", path: "Sources/CUnibreak", pkgConfig: "libunibreak"),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto"),
        // libdeflate: the deflate of the PNGs `render` writes (see png_shim.c).
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate"),
        // ISA-L's igzip: the deflate of PNG level 1, the level for speed (png_shim.c).
        .systemLibrary(name: "CISAL", path: "Sources/CISAL", pkgConfig: "libisal"),
        .systemLibrary(name: "CLCMS2", path: "Sources/CLCMS2", pkgConfig: "lcms2"),
        // Headers only: libheif is opened at run time, when the first
        // HEIF file is read (see Sources/CHeif/shim.h).
        .systemLibrary(name: "CHeif", path: "Sources/CHeif"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),
        // libmicrohttpd: the HTTP server of `serve` (no HTTP parser of ours).
        // Headers only: it is opened when `serve` starts (see CHTTPShim).
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD"),

        // The only C code we write: every setjmp lives here.
        .target(name: "CShims", dependencies: ["CJPEG", "CPNG", "CDeflate", "CISAL"]),

        // Opens libmicrohttpd when `serve` starts (dlopen: every other
        // command starts without it and the TLS libraries it pulls in) and
        // starts its daemon (MHD_start_daemon is variadic, which Swift
        // cannot call).
        .target(name: "CHTTPShim", dependencies: ["CMicroHTTPD"]),

        // openat2(2), which glibc 2.36 does not wrap (FileSystem's reads
        // beneath a folder handle: `Directory.openBeneath`).
        .target(name: "CFileSystemShim"),
        // Every file-system call: bounded reads, atomic writes, folder
        // walks, locks, all relative to folder handles. Below everything.
        .target(name: "FileSystem", dependencies: ["CFileSystemShim"]),

        // Pure Swift: the raster value type, plane geometry and the
        // editor's crop state.
        .target(name: "Raster", linkerSettings: [.linkedLibrary("m")]),
        // The diary as data, without pixels or C libraries: entries and
        // their loading, dates and months, the theme, strings, orderings,
        // year summaries, title cleaning, contrast. Cards and Site both
        // read it; neither reaches the other through it.
        .target(name: "Diary", dependencies: ["Raster", "FileSystem"]),
        // Format sniffing, EXIF, limits, and one binding file per C codec.
        .target(name: "Codecs", dependencies: ["CShims", "CDeflate", "CWebP", "CLCMS2", "CHeif", "Raster", "FileSystem"]),
        // Editor crop geometry, resampling, compositing, shapes.
        // SSE2 kernels Imaging's hot loops call (header-only, inlined).
        .target(name: "CPixelKernels"),
        .target(name: "Imaging", dependencies: ["Raster", "CPixelKernels"]),
        // Font discovery, shaping and glyph rasterization.
        .target(name: "Text", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CUnibreak", "Raster", "Imaging", "Diary"]),

        // Ticket faces, day thumbnails, month sheets: each a linear recipe.
        .target(name: "Cards", dependencies: ["Diary", "Codecs", "Imaging", "Text", "Raster"]),

        // The browsable book: page models to HTML bytes, pure values, no I/O,
        // no C library: it reads the diary, never the drawing code.
        .target(name: "Site", dependencies: ["Diary", "Raster"]),

        // The batch job: entries, cache and its index, scheduling, progress, log, lock.
        .target(name: "Pipeline", dependencies: ["Cards", "Site", "Diary", "Codecs", "Imaging", "Raster", "Text", "FileSystem",
                                                 "CCrypto", "CSQLite"]),

        // The library a Swift backend links: an entry folder in, a share
        // image out, the same bytes `share` writes (product PhotiCase).
        .target(name: "PhotiCase", dependencies: ["Cards", "Diary", "Codecs", "Raster", "FileSystem", "Pipeline"]),
        // `serve`: share images over HTTP (libmicrohttpd), from the cache
        // when current, within limits.
        .target(name: "Serve", dependencies: ["PhotiCase", "CHTTPShim", "CMicroHTTPD", "Pipeline", "Diary", "Codecs",
                                              "FileSystem"]),

        // Thin command-line front end.
        .executableTarget(
            name: "photicase-render",
            dependencies: ["Pipeline", "Cards", "Diary", "Site", "Codecs", "Imaging", "Text", "Raster", "FileSystem",
                           "PhotiCase", "Serve"]
        ),
        // The library used from another program: one share image in-process.
        .executableTarget(name: "share-example", dependencies: ["PhotiCase", "Codecs"], path: "Examples/share-example"),

        // Benchmarks: executables that print figures; run them in release.
        .executableTarget(name: "fixture-maker", dependencies: ["Codecs", "Raster"], path: "Tools/fixture-maker"),
        .executableTarget(name: "resample-bench", dependencies: ["Imaging", "Raster"], path: "Benchmarks/resample-bench"),
        .executableTarget(name: "color-bench", dependencies: ["Codecs", "Raster"], path: "Benchmarks/color-bench"),
        // The decode + encode floor of a render (scripts/bench-floors.py).
        .executableTarget(name: "floor-bench", dependencies: ["Codecs", "Diary", "Raster", "Cards"], path: "Benchmarks/floor-bench"),
        // The in-process floors of a served image (scripts/bench-serve.py).
        .executableTarget(name: "serve-floor", dependencies: ["PhotiCase", "Codecs", "Raster"], path: "Benchmarks/serve-floor"),

        // What several test targets share: golden images with per-test
        // tolerances and failure images, temporary folders, the corpus.
        .target(name: "TestSupport", dependencies: ["Codecs", "Raster"], path: "Tests/TestSupport"),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "CodecsTests", dependencies: ["TestSupport", "Codecs", "Imaging", "Raster", "CDeflate", "CShims"]),
        .testTarget(name: "ImagingTests", dependencies: ["TestSupport", "Imaging", "Raster", "CPixelKernels"], exclude: ["Golden"]),
        .testTarget(name: "DiaryTests", dependencies: ["TestSupport", "Diary", "Raster"]),
        .testTarget(name: "CardsTests", dependencies: ["TestSupport", "Cards", "Diary", "Codecs", "Imaging", "Text", "Raster"], exclude: ["Golden"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Diary", "Raster"], exclude: ["Golden"]),
        .testTarget(name: "PipelineTests", dependencies: ["TestSupport", "Pipeline", "Site", "FileSystem", "Cards", "Diary", "Codecs", "Imaging", "Raster"],
                    exclude: ["Golden"]),
        .testTarget(name: "TextTests", dependencies: ["TestSupport", "Text", "Imaging", "Raster", "Diary"]),
        .testTarget(name: "CLITests", dependencies: ["Codecs", "Raster", "FileSystem"]),
        .testTarget(name: "ServeTests", dependencies: ["Serve", "PhotiCase", "Pipeline", "Codecs"]),
    ]
)

// The fuzz targets' bodies (Fuzz/Targets) are an ordinary library: the
// regression test replays Fuzz/regressions/ through them in every build.
package.targets.append(.target(name: "FuzzTargets", dependencies: ["Cards", "Diary", "Codecs", "Raster"],
                               path: "Fuzz/Targets"))
package.targets.append(.testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzTargets", "Diary"]))

// The libFuzzer executable, every target in one, only when PHOTICASE_FUZZ=1
// (scripts/fuzz.sh builds it with the sanitizer flags): ordinary builds
// leave it out.
if Context.environment["PHOTICASE_FUZZ"] == "1" {
    package.products.append(.executable(name: "photicase-fuzz", targets: ["photicase-fuzz"]))
    package.targets.append(.executableTarget(name: "photicase-fuzz", dependencies: ["FuzzTargets", "CShims"],
                                             path: "Fuzz/Main"))
}
