// swift-tools-version: 6.1
import PackageDescription

// Rampart's benchmarks (ordo-one/benchmark). Run from this folder:
//   swift package --allow-writing-to-package-directory benchmark
// Scripts/bench runs them from the repository root.
let package = Package(
    name: "RampartBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Rampart", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        benchmark("LabHandshakes", measuring: "RampartTestKit"),
        benchmark("PolicyDecisions", measuring: "RampartPolicy"),
        benchmark("SealThroughput", measuring: "RampartSeal"),
        benchmark("TrustDecisions", measuring: "RampartTrust", "RampartTestKit"),
        benchmark("VaultOperations", measuring: "RampartVault"),
    ]
)

/// A benchmark executable in `Benchmarks/NAME` that measures one Rampart library.
func benchmark(_ name: String, measuring libraries: String...) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "Benchmark", package: "benchmark")]
            + libraries.map { .product(name: $0, package: "Rampart") },
        path: "Benchmarks/\(name)",
        swiftSettings: [.swiftLanguageMode(.v6)],
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
