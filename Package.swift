// swift-tools-version:6.0
// The package is laid out as the pipeline runs; dependencies point up
// this drawing, never down or across (the C system libraries and shims
// below each module are left out):
//
//   FileSystem   Hashing   Concurrency   Raster
//        \          |          |           |
//        Diary      |        Imaging ---- Codecs
//          \        |          |           |
//           +------ | ------ Text          |
//           |       |          |           |
//           +------ | ----- Cards ---------+
//           |       |       /  |  \
//           |       |  Print   |   PhotiCase   (the library product)
//           |       |   |  \   |       |
//         Site      |   |  Document    Serve   (Document: PDF by cairo, then qpdf)
//           \       |   |               |
//            Pipeline --+               |
//                 \                     /
//                  photicase-render (CLI)
//
// Every module's name carries the prefix PhotiCase (CPhotiCase for C), so
// that an app linking the product PhotiCase may have modules of its own
// named Text or Raster; the folders under Sources/ keep the short names.
import PackageDescription

let package = Package(
    name: "photicase-render",
    products: [
        .executable(name: "photicase-render", targets: ["photicase-render"]),
        .library(name: "PhotiCase", targets: ["PhotiCase"]),
    ],
    targets: [
        // System libraries: a module map and a header each.
        .systemLibrary(name: "CPhotiCaseJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg"),
        .systemLibrary(name: "CPhotiCasePNG", path: "Sources/CPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CPhotiCaseWebP", path: "Sources/CWebP", pkgConfig: "libwebpdemux"),
        .systemLibrary(name: "CPhotiCaseFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CPhotiCaseHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz"),
        .systemLibrary(name: "CPhotiCaseFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig"),
        .systemLibrary(name: "CPhotiCaseFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi"),
        // libunibreak: line-break opportunities (UAX #14).
        .systemLibrary(name: "CPhotiCaseUnibreak", path: "Sources/CUnibreak", pkgConfig: "libunibreak"),
        .systemLibrary(name: "CPhotiCaseCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto"),
        // libdeflate: the deflate of the PNGs `render` writes (see png_shim.c).
        .systemLibrary(name: "CPhotiCaseDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate"),
        // ISA-L's igzip: the deflate of PNG level 1, the level for speed (png_shim.c).
        .systemLibrary(name: "CPhotiCaseISAL", path: "Sources/CISAL", pkgConfig: "libisal"),
        .systemLibrary(name: "CPhotiCaseLCMS2", path: "Sources/CLCMS2", pkgConfig: "lcms2"),
        // cairo's PDF surface with FreeType faces (cairo-ft), and qpdf's C
        // API for the pass after it (output intents, print boxes).
        .systemLibrary(name: "CPhotiCaseCairo", path: "Sources/CCairo", pkgConfig: "cairo-ft"),
        .systemLibrary(name: "CPhotiCaseQPDF", path: "Sources/CQPDF", pkgConfig: "libqpdf"),
        // Headers only: libheif is opened at run time, when the first
        // HEIF file is read (see Sources/CHeif/shim.h).
        .systemLibrary(name: "CPhotiCaseHeif", path: "Sources/CHeif"),
        .systemLibrary(name: "CPhotiCaseSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3"),
        // libmicrohttpd: the HTTP server of `serve` (no HTTP parser of ours).
        // Headers only: it is opened when `serve` starts (see CHTTPShim).
        .systemLibrary(name: "CPhotiCaseMicroHTTPD", path: "Sources/CMicroHTTPD"),

        // The codecs' C code: every setjmp lives here.
        .target(name: "CPhotiCaseShims", dependencies: ["CPhotiCaseJPEG", "CPhotiCasePNG", "CPhotiCaseDeflate", "CPhotiCaseISAL"], path: "Sources/CShims"),

        // Opens libmicrohttpd when `serve` starts (dlopen: every other
        // command starts without it and the TLS libraries it pulls in) and
        // starts its daemon (MHD_start_daemon is variadic, which Swift
        // cannot call).
        .target(name: "CPhotiCaseHTTPShim", dependencies: ["CPhotiCaseMicroHTTPD"], path: "Sources/CHTTPShim"),

        // ICU's Korean lunisolar calendar (Dangi), which the lunar public
        // holidays are reckoned in (`KoreanHolidays`): called from C, since
        // ICU's headers clash with the toolchain Foundation's own ICU.
        .target(name: "CPhotiCaseCalendarShim", path: "Sources/CCalendarShim",
                linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // openat2(2), which glibc 2.36 does not wrap (FileSystem's reads
        // beneath a folder handle: `Directory.openBeneath`).
        .target(name: "CPhotiCaseFileSystemShim", path: "Sources/CFileSystemShim"),
        // Every file-system call: bounded reads, atomic writes, folder
        // walks, locks, all relative to folder handles. Below everything.
        .target(name: "PhotiCaseFileSystem", dependencies: ["CPhotiCaseFileSystemShim", "PhotiCaseConcurrency"], path: "Sources/FileSystem"),

        // SHA-256 (libcrypto) and its digest value: content keys for the
        // batch pipeline's cache and for the library's share images.
        .target(name: "PhotiCaseHashing", dependencies: ["CPhotiCaseCrypto"], path: "Sources/Hashing"),

        // The concurrency core: what tells work to stop (`StopSignal`).
        .target(name: "PhotiCaseConcurrency", path: "Sources/Concurrency"),

        // Pure Swift: the raster value type, plane geometry and the
        // editor's crop state.
        .target(name: "PhotiCaseRaster", path: "Sources/Raster", linkerSettings: [.linkedLibrary("m")]),
        // The diary as data, without pixels or C libraries: entries and
        // their loading, dates and months, the theme, strings, orderings,
        // year summaries, title cleaning, contrast. Cards and Site both
        // read it; neither reaches the other through it.
        .target(name: "PhotiCaseDiary", dependencies: ["PhotiCaseRaster", "PhotiCaseFileSystem", "CPhotiCaseCalendarShim"], path: "Sources/Diary"),
        // Format sniffing, EXIF, limits, and one binding file per C codec.
        .target(name: "PhotiCaseCodecs", dependencies: ["PhotiCaseConcurrency", "CPhotiCaseShims", "CPhotiCaseDeflate", "CPhotiCaseWebP", "CPhotiCaseLCMS2", "CPhotiCaseHeif", "PhotiCaseRaster", "PhotiCaseFileSystem"], path: "Sources/Codecs"),
        // Editor crop geometry, resampling, compositing, shapes.
        // SSE2 kernels Imaging's hot loops call (header-only, inlined).
        .target(name: "CPhotiCasePixelKernels", path: "Sources/CPixelKernels"),
        .target(name: "PhotiCaseImaging", dependencies: ["PhotiCaseRaster", "CPhotiCasePixelKernels", "PhotiCaseConcurrency"], path: "Sources/Imaging"),
        // Font discovery, shaping and glyph rasterization.
        .target(name: "PhotiCaseText", dependencies: ["PhotiCaseConcurrency", "CPhotiCaseFreeType", "CPhotiCaseHarfBuzz", "CPhotiCaseFontconfig", "CPhotiCaseFriBidi", "CPhotiCaseUnibreak", "PhotiCaseRaster", "PhotiCaseImaging", "PhotiCaseDiary"], path: "Sources/Text"),
        // PDF written by cairo (text as text, JPEGs as they are) and
        // finished by qpdf; shapes, glyph runs and images in, bytes out.
        .target(name: "PhotiCaseDocument", dependencies: ["PhotiCaseRaster", "CPhotiCaseCairo", "CPhotiCaseQPDF", "CPhotiCaseFontconfig"], path: "Sources/Document"),

        // Ticket faces, day thumbnails, month sheets: each a linear recipe.
        .target(name: "PhotiCaseCards", dependencies: ["PhotiCaseDiary", "PhotiCaseCodecs", "PhotiCaseImaging", "PhotiCaseText", "PhotiCaseRaster", "PhotiCaseConcurrency"], path: "Sources/Cards"),

        // Documents drawn from the cards' inputs, in the cards' fonts and
        // words: the print book, through Document (cairo and qpdf). Apart
        // from Cards, so the library product links neither.
        .target(name: "PhotiCasePrint", dependencies: ["PhotiCaseCards", "PhotiCaseDocument", "PhotiCaseDiary", "PhotiCaseCodecs", "PhotiCaseImaging", "PhotiCaseText", "PhotiCaseRaster",
                                              "PhotiCaseConcurrency", "PhotiCaseFileSystem"], path: "Sources/Print"),

        // The browsable book: page models to HTML bytes, pure values, no I/O,
        // no C library: it reads the diary, never the drawing code.
        .target(name: "PhotiCaseSite", dependencies: ["PhotiCaseDiary", "PhotiCaseRaster"], path: "Sources/Site"),

        // The batch job: entries, cache and its index, scheduling, progress, log, lock.
        .target(name: "PhotiCasePipeline", dependencies: ["PhotiCaseConcurrency", "PhotiCaseCards", "PhotiCaseSite", "PhotiCaseDiary", "PhotiCaseCodecs", "PhotiCaseImaging", "PhotiCaseRaster", "PhotiCaseText", "PhotiCaseFileSystem", "PhotiCaseDocument", "PhotiCasePrint",
                                                 "PhotiCaseHashing", "CPhotiCaseSQLite"], path: "Sources/Pipeline"),

        // The library a Swift backend links: an entry folder in, a share
        // image out, the same bytes `share` writes (product PhotiCase).
        .target(name: "PhotiCase", dependencies: ["PhotiCaseCards", "PhotiCaseDiary", "PhotiCaseCodecs", "PhotiCaseImaging", "PhotiCaseText", "PhotiCaseRaster", "PhotiCaseFileSystem", "PhotiCaseHashing",
                                                  "PhotiCaseConcurrency"]),
        // `serve`: share images over HTTP (libmicrohttpd), from the cache
        // when current, within limits.
        .target(name: "PhotiCaseServe", dependencies: ["PhotiCase", "CPhotiCaseHTTPShim", "CPhotiCaseMicroHTTPD", "PhotiCasePipeline", "PhotiCaseDiary", "PhotiCaseCodecs",
                                              "PhotiCaseFileSystem", "PhotiCaseHashing", "PhotiCaseConcurrency"], path: "Sources/Serve"),

        // Thin command-line front end.
        .executableTarget(
            name: "photicase-render",
            dependencies: ["PhotiCasePipeline", "PhotiCaseCards", "PhotiCaseDiary", "PhotiCaseSite", "PhotiCaseCodecs", "PhotiCaseImaging", "PhotiCaseText", "PhotiCaseRaster", "PhotiCaseFileSystem",
                           "PhotiCaseHashing", "PhotiCase", "PhotiCaseServe", "PhotiCaseConcurrency"]
        ),
        // docs/library.md's two programs, as a reader's package builds
        // them: the library's public front alone.
        .executableTarget(name: "story-from-bytes", dependencies: ["PhotiCase"], path: "Examples/story-from-bytes"),
        .executableTarget(name: "share-errors", dependencies: ["PhotiCase"], path: "Examples/share-errors"),
        // The library's pool under load, built with ThreadSanitizer by
        // scripts/sanitize.sh thread.
        .executableTarget(name: "thread-check", dependencies: ["PhotiCase"], path: "Tools/thread-check"),

        // Benchmarks: executables that print figures; run them in release.
        .executableTarget(name: "fixture-maker", dependencies: ["PhotiCaseCodecs", "PhotiCaseRaster"], path: "Tools/fixture-maker"),
        .executableTarget(name: "resample-bench", dependencies: ["PhotiCaseImaging", "PhotiCaseRaster"], path: "Benchmarks/resample-bench"),
        .executableTarget(name: "color-bench", dependencies: ["PhotiCaseCodecs", "PhotiCaseRaster"], path: "Benchmarks/color-bench"),
        // The decode + encode floor of a render (scripts/bench-floors.py).
        .executableTarget(name: "floor-bench", dependencies: ["PhotiCaseCodecs", "PhotiCaseDiary", "PhotiCaseRaster", "PhotiCaseCards"], path: "Benchmarks/floor-bench"),
        // The in-process floors of a served image (scripts/bench-serve.py).
        .executableTarget(name: "serve-floor", dependencies: ["PhotiCase", "PhotiCaseCodecs", "PhotiCaseDiary", "PhotiCaseRaster"], path: "Benchmarks/serve-floor"),

        // What several test targets share: golden images with per-test
        // tolerances and failure images, temporary folders, the corpus.
        .target(name: "PhotiCaseTestSupport", dependencies: ["PhotiCaseCodecs", "PhotiCaseRaster"], path: "Tests/TestSupport"),
        .testTarget(name: "FileSystemTests", dependencies: ["PhotiCaseFileSystem"]),
        .testTarget(name: "RasterTests", dependencies: ["PhotiCaseRaster"]),
        .testTarget(name: "CodecsTests", dependencies: ["PhotiCaseTestSupport", "PhotiCaseCodecs", "PhotiCaseImaging", "PhotiCaseRaster", "CPhotiCaseDeflate", "CPhotiCaseShims"]),
        .testTarget(name: "ImagingTests", dependencies: ["PhotiCaseConcurrency", "PhotiCaseTestSupport", "PhotiCaseImaging", "PhotiCaseRaster", "CPhotiCasePixelKernels"], exclude: ["Golden"]),
        .testTarget(name: "DiaryTests", dependencies: ["PhotiCaseTestSupport", "PhotiCaseDiary", "PhotiCaseRaster"]),
        .testTarget(name: "CardsTests", dependencies: ["PhotiCaseConcurrency", "PhotiCaseTestSupport", "PhotiCaseCards", "PhotiCaseDiary", "PhotiCaseCodecs", "PhotiCaseImaging", "PhotiCaseText", "PhotiCaseRaster"], exclude: ["Golden"]),
        .testTarget(name: "SiteTests", dependencies: ["PhotiCaseSite", "PhotiCaseDiary", "PhotiCaseRaster"], exclude: ["Golden"]),
        .testTarget(name: "PipelineTests", dependencies: ["PhotiCaseConcurrency", "PhotiCaseTestSupport", "PhotiCasePipeline", "PhotiCaseSite", "PhotiCaseFileSystem", "PhotiCaseCards", "PhotiCaseDiary", "PhotiCaseCodecs", "PhotiCaseImaging", "PhotiCaseRaster", "PhotiCaseHashing", "PhotiCasePrint"],
                    exclude: ["Golden"]),
        .testTarget(name: "TextTests", dependencies: ["PhotiCaseTestSupport", "PhotiCaseText", "PhotiCaseImaging", "PhotiCaseRaster", "PhotiCaseDiary"]),
        .testTarget(name: "PhotiCaseDocumentTests", dependencies: ["PhotiCaseDocument", "PhotiCaseTestSupport", "PhotiCaseText", "PhotiCaseCodecs", "PhotiCaseRaster"],
                    path: "Tests/DocumentTests"),
        .testTarget(name: "CLITests", dependencies: ["PhotiCaseCodecs", "PhotiCaseRaster", "PhotiCaseFileSystem"]),
        .testTarget(name: "PhotiCaseTests", dependencies: ["PhotiCase", "PhotiCaseCodecs", "PhotiCaseRaster"]),
        .testTarget(name: "ServeTests", dependencies: ["PhotiCaseServe", "PhotiCase", "PhotiCasePipeline", "PhotiCaseCodecs", "PhotiCaseHashing"]),
    ]
)

// The fuzz targets' bodies (Fuzz/Targets) are an ordinary library: the
// regression test replays Fuzz/regressions/ through them in every build.
package.targets.append(.target(name: "PhotiCaseFuzzTargets", dependencies: ["PhotiCaseCards", "PhotiCaseDiary", "PhotiCaseCodecs", "PhotiCaseRaster"],
                               path: "Fuzz/Targets"))
package.targets.append(.testTarget(name: "FuzzRegressionTests", dependencies: ["PhotiCaseFuzzTargets", "PhotiCaseDiary"]))

// The libFuzzer executable, every target in one, only when PHOTICASE_FUZZ=1
// (scripts/fuzz.sh builds it with the sanitizer flags): ordinary builds
// leave it out.
if Context.environment["PHOTICASE_FUZZ"] == "1" {
    package.products.append(.executable(name: "photicase-fuzz", targets: ["photicase-fuzz"]))
    package.targets.append(.executableTarget(name: "photicase-fuzz", dependencies: ["PhotiCaseFuzzTargets", "CPhotiCaseShims"],
                                             path: "Fuzz/Main"))
}
