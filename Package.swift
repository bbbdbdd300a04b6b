// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "animatic",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "animatic", targets: ["animatic"]),
        .library(name: "AnimaticCore", targets: ["AnimaticCore"]),
        .library(name: "AnimaticRender", targets: ["AnimaticRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The model and the math. Pure: no sockets, no files, no clocks.
        .target(name: "AnimaticCore"),
        // Encoders of a compiled timeline: JSON, SVG, filmstrip, Lottie, CSS.
        .target(name: "AnimaticRender", dependencies: ["AnimaticCore"]),
        .executableTarget(
            name: "animatic",
            dependencies: [
                "AnimaticCore", "AnimaticRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "AnimaticCoreTests", dependencies: ["AnimaticCore"]),
        .testTarget(name: "AnimaticRenderTests", dependencies: ["AnimaticCore", "AnimaticRender"]),
    ]
)
