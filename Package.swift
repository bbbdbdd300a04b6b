// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "animatic",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "AnimaticCore", targets: ["AnimaticCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The model and the math. Pure: no sockets, no files, no clocks.
        .target(name: "AnimaticCore"),
        .testTarget(name: "AnimaticCoreTests", dependencies: ["AnimaticCore"]),
    ]
)
