// swift-tools-version: 6.0
// Benchmarks live in their own package so `make test` stays light. `make bench` runs them.
import PackageDescription

let package = Package(
    name: "animatic-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named explicitly: a path dependency is otherwise known by its folder's name.
        .package(name: "animatic", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmark",
            dependencies: [
                .product(name: "AnimaticCore", package: "animatic"),
                .product(name: "AnimaticRender", package: "animatic"),
            ]
        ),
    ]
)
