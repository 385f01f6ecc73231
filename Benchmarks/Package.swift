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
        // Benchmark-only peer: the client Rampart's is measured against. Never a dependency of Rampart itself.
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        // The SCT signatures a CT check verifies, measured alone (TrustDecisions); Rampart's own version.
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
    ],
    targets: [
        benchmark(
            "ClientRequests", measuring: "RampartHTTP", "RampartPolicy", "RampartTrust", "RampartTestKit",
            "RampartTestSupport",
            peers: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]),
        benchmark("CTLogLists", measuring: "RampartTrust"),
        benchmark("InputContracts", measuring: "RampartValidation"),
        benchmark("LabHandshakes", measuring: "RampartTestKit"),
        benchmark("PolicyDecisions", measuring: "RampartPolicy"),
        benchmark("SealThroughput", measuring: "RampartSeal"),
        benchmark(
            "TrustDecisions", measuring: "RampartPolicy", "RampartTrust", "RampartTrustNIO", "RampartTestKit",
            peers: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        benchmark("VaultOperations", measuring: "RampartVault"),
    ]
)

/// A benchmark executable in `Benchmarks/NAME` that measures one Rampart library.
func benchmark(_ name: String, measuring libraries: String..., peers: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "Benchmark", package: "benchmark")]
            + libraries.map { .product(name: $0, package: "Rampart") } + peers,
        path: "Benchmarks/\(name)",
        swiftSettings: [.swiftLanguageMode(.v6)],
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
