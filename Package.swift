// swift-tools-version: 6.0
import PackageDescription

// Linux only: the HTTP layer is written against glibc and Linux socket calls (see README).

// MP4 (H.264 through OpenH264) is built unless ANIMATIC_NO_MP4=1 is set when building:
// Cisco's patent licence covers only Cisco's own OpenH264 binaries (DEPLOY.md), so a build
// that must not link a self-built H.264 encoder leaves out the COpenH264 target and compiles
// AnimaticRaster with `-D ANIMATIC_NO_MP4` (code tests `#if !ANIMATIC_NO_MP4`).
let withMP4 = (Context.environment["ANIMATIC_NO_MP4"] ?? "0") == "0"

let package = Package(
    name: "animatic",
    products: [
        .executable(name: "animatic", targets: ["animatic"]),
        .library(name: "AnimaticCore", targets: ["AnimaticCore"]),
        .library(name: "AnimaticRender", targets: ["AnimaticRender"]),
        .library(name: "AnimaticHTTP", targets: ["AnimaticHTTP"]),
        .library(name: "AnimaticServer", targets: ["AnimaticServer"]),
        .library(name: "AnimaticRaster", targets: ["AnimaticRaster"]),
        .library(name: "AnimaticImages", targets: ["AnimaticImages"]),
        .library(name: "AnimaticStore", targets: ["AnimaticStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Swift import (docs/EXPORT.md, "Import"): the parser only, to keep the build short.
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // The model and the math. Pure: no sockets, no files, no clocks.
        // The property table is read by scripts/generate_properties.py, not compiled.
        .target(name: "AnimaticCore", exclude: ["Spec/PropertyTable.toml"]),
        // Encoders of a compiled timeline: JSON, SVG, filmstrip, Lottie, CSS.
        .target(name: "AnimaticRender", dependencies: ["AnimaticCore"]),
        .executableTarget(
            name: "animatic",
            dependencies: [
                "AnimaticCore", "AnimaticRender", "AnimaticRaster", "AnimaticHTTP", "AnimaticServer",
                "AnimaticImport", "AnimaticImages", "AnimaticStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Swift source → spec: a small abstract interpreter over the UIKit animation subset.
        .target(
            name: "AnimaticImport",
            dependencies: [
                "AnimaticCore", .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "AnimaticImportTests",
            dependencies: ["AnimaticImport", "AnimaticCore", "AnimaticRender"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "AnimaticCoreTests", dependencies: ["AnimaticCore"]),
        .testTarget(name: "AnimaticRenderTests", dependencies: ["AnimaticCore", "AnimaticRender"]),

        // System libraries: module maps over Debian's libssl-dev and zlib1g-dev.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The HTTP/1.1 server on POSIX sockets + Dispatch. Knows nothing of animation.
        .target(
            name: "AnimaticHTTP",
            dependencies: ["COpenSSL", "CZlib", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "AnimaticHTTPTests", dependencies: ["AnimaticHTTP", "CZlib"]),
        // libFuzzer target for the request parser. A plain `swift build` builds a replay
        // driver; scripts/fuzz-http.sh builds the real fuzzer (-sanitize=fuzzer) into .build-fuzz.
        .executableTarget(name: "AnimaticHTTPFuzz", dependencies: ["AnimaticHTTP"]),

        // The public API: routes, content negotiation, caching, metrics, static files.
        .target(
            name: "AnimaticServer",
            dependencies: [
                "AnimaticCore", "AnimaticRender", "AnimaticRaster", "AnimaticHTTP", "AnimaticImport", "COpenSSL",
                "AnimaticImages", "AnimaticStore",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Pixels: frames drawn from the engine's layer states with Cairo, and the raster
        // encoders (PNG, APNG, GIF, WebP, WebM, MP4). The C libraries stay out of AnimaticRender.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libpng for PNG; pixman (Cairo's compositor) for content under a projective transform.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // The animated formats' libraries (docs/FORMATS.md, "Encoders"); Debian ships no
        // giflib.pc, so CGif links -lgif by its module map.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CVPX", pkgConfig: "vpx", providers: [.apt(["libvpx-dev"])]),
        .systemLibrary(name: "COpenH264", pkgConfig: "openh264", providers: [.apt(["libopenh264-dev"])]),
        .target(
            name: "AnimaticRaster",
            dependencies: [
                "AnimaticCore", "AnimaticRender", "CCairo", "CZlib", "CPNG", "CPixman", "CGif", "CWebP", "CVPX",
                // The pictures of `content.image`, decoded to sRGB for drawing (docs/FORMATS.md, "Images").
                "AnimaticImages",
            ]
                + (withMP4 ? ["COpenH264"] : []),
            // Optimised in debug builds too: unoptimised, its per-pixel loops (straight alpha,
            // changed rectangles, palettes, filters) made the fold's 31-frame APNG take 27 s in
            // the debug server the tests run (measured on a loaded machine; 2.3 s of CPU with -O).
            swiftSettings: (withMP4 ? [] : [.define("ANIMATIC_NO_MP4")])
                + [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // Times the animated encoders on a synthetic 31-frame 390 × 844 sequence
        // (docs/BENCHMARKS.md, "Raster encoders"); not a product, built on request.
        .executableTarget(
            name: "RasterEncoderBench", dependencies: ["AnimaticRaster"],
            swiftSettings: withMP4 ? [] : [.define("ANIMATIC_NO_MP4")]
        ),
        .testTarget(
            name: "AnimaticRasterTests",
            dependencies: [
                "AnimaticRaster", "AnimaticRender", "AnimaticCore", "CPNG", "CGif", "CWebP", "CVPX", "CZlib",
                "AnimaticImages", "CLCMS2", "PNGTestSupport", "CPixman",
            ],
            swiftSettings: withMP4 ? [] : [.define("ANIMATIC_NO_MP4")]
        ),

        .testTarget(
            name: "AnimaticServerTests",
            dependencies: ["AnimaticServer", "AnimaticHTTP", "AnimaticCore", "AnimaticStore", "AnimaticRaster"]),

        // Uploaded images (docs/API.md, "Assets"): type from the magic bytes, limits checked on the
        // header, decoded by libpng, libjpeg-turbo, libwebp and giflib, colours to sRGB by
        // LittleCMS. CImageReaders is C glue only: libpng and libjpeg report errors by longjmp.
        .target(name: "CImageReaders", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .target(
            name: "AnimaticImages", dependencies: ["CImageReaders", "CLCMS2", "CGif", "CWebP"],
            // Optimised in debug builds too, like AnimaticRaster: per-pixel loops.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .testTarget(name: "AnimaticImagesTests", dependencies: ["AnimaticImages", "CPNG", "CWebP", "PNGTestSupport"]),
        // PNG chunks made and edited by hand (a Display P3 profile from LittleCMS) for the
        // image tests of AnimaticImages and AnimaticRaster: one copy for both.
        .target(name: "PNGTestSupport", dependencies: ["CLCMS2", "CZlib"], path: "Tests/PNGTestSupport"),
        // The asset store (docs/DEPLOY.md, "The asset store"): SQLite by default.
        // PostgreSQL (`--store postgres://…`) when replicas share one store.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Header only: libpq is loaded on first use (AnimaticStore/LibPQ.swift), not linked.
        .systemLibrary(name: "CPostgres", providers: [.apt(["libpq-dev"])]),
        .target(name: "AnimaticStore", dependencies: ["CSQLite", "CPostgres", "COpenSSL"]),
        .testTarget(name: "AnimaticStoreTests", dependencies: ["AnimaticStore"]),
    ]
)
