// swift-tools-version: 6.0
// Benchmarks live in their own package so `make test` stays light. `make bench` runs them.
import PackageDescription

let package = Package(
    name: "animatic-benchmarks",
    dependencies: [
        // Named explicitly: a path dependency is otherwise known by its folder's name.
        .package(name: "animatic", path: ".."),
        // The peer server: the same handlers behind the established Swift stack (SwiftNIO).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // Counts malloc calls and bytes by interposing malloc in the benchmark executable.
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "EngineBenchmark",
            dependencies: [
                "MallocCounter",
                .product(name: "AnimaticCore", package: "animatic"),
                .product(name: "AnimaticRender", package: "animatic"),
            ]
        ),
        // `animatic`'s AnimaticAPI served by Hummingbird 2: the same routes and handler code,
        // so a comparison with `animatic serve` isolates the HTTP layer.
        .executableTarget(
            name: "HummingbirdPeer",
            dependencies: [
                .product(name: "AnimaticServer", package: "animatic"),
                .product(name: "AnimaticHTTP", package: "animatic"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ]
)
