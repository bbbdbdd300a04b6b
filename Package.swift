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
        .library(name: "AnimaticRaster", targets: ["AnimaticRaster"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The model and the math. Pure: no sockets, no files, no clocks.
        .target(name: "AnimaticCore"),
        // Encoders of a compiled timeline: JSON, SVG, filmstrip, Lottie, CSS.
        .target(name: "AnimaticRender", dependencies: ["AnimaticCore"]),
        .executableTarget(
            name: "animatic",
            dependencies: [
                "AnimaticCore", "AnimaticRender", "AnimaticRaster", "AnimaticHTTP", "AnimaticServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
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
                "AnimaticCore", "AnimaticRender", "AnimaticRaster", "AnimaticHTTP", "COpenSSL",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Pixels: frames drawn from the engine's layer states with Cairo, and the raster
        // encoders (PNG, APNG, GIF, WebP, WebM, MP4). The C libraries stay out of AnimaticRender.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libpng for PNG; pixman (Cairo's compositor) for content under a projective transform.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .target(
            name: "AnimaticRaster",
            dependencies: ["AnimaticCore", "AnimaticRender", "CCairo", "CZlib", "CPNG", "CPixman"]
        ),
        .testTarget(
            name: "AnimaticRasterTests", dependencies: ["AnimaticRaster", "AnimaticRender", "AnimaticCore", "CPNG"]
        ),

        .testTarget(name: "AnimaticServerTests", dependencies: ["AnimaticServer", "AnimaticHTTP", "AnimaticCore"]),
    ]
)
