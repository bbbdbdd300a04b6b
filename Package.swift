// swift-tools-version: 6.0
import PackageDescription

// Linux only: the HTTP layer is written against glibc and Linux socket calls (see README).

let package = Package(
    name: "animatic",
    products: [
        .executable(name: "animatic", targets: ["animatic"]),
        .library(name: "AnimaticCore", targets: ["AnimaticCore"]),
        .library(name: "AnimaticRender", targets: ["AnimaticRender"]),
        .library(name: "AnimaticHTTP", targets: ["AnimaticHTTP"]),
        .library(name: "AnimaticServer", targets: ["AnimaticServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Swift import (docs/EXPORT.md, "Import"): the parser only, to keep the build short.
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // The model and the math. Pure: no sockets, no files, no clocks.
        .target(name: "AnimaticCore"),
        // Encoders of a compiled timeline: JSON, SVG, filmstrip, Lottie, CSS.
        .target(name: "AnimaticRender", dependencies: ["AnimaticCore"]),
        .executableTarget(
            name: "animatic",
            dependencies: [
                "AnimaticCore", "AnimaticRender", "AnimaticHTTP", "AnimaticServer", "AnimaticImport",
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
                "AnimaticCore", "AnimaticRender", "AnimaticHTTP", "AnimaticImport", "COpenSSL",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "AnimaticServerTests", dependencies: ["AnimaticServer", "AnimaticHTTP", "AnimaticCore"]),
    ]
)
