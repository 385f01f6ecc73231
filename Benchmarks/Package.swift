// swift-tools-version: 6.1
import PackageDescription

// Rampart's benchmarks (ordo-one/benchmark). Run from this folder:
//   swift package --allow-writing-to-package-directory benchmark
// Scripts/bench-cli times the `rampart` CLI against peer tools.
let package = Package(
    name: "RampartBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Rampart", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LabHandshakes",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RampartTestKit", package: "Rampart"),
            ],
            path: "Benchmarks/LabHandshakes",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PolicyDecisions",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RampartPolicy", package: "Rampart"),
            ],
            path: "Benchmarks/PolicyDecisions",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
