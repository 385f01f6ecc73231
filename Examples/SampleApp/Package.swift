// swift-tools-version: 6.1
import PackageDescription

// An app that depends on Rampart the way a user's app does (here by path; elsewhere by URL and a version), beside
// AsyncHTTPClient and swift-syntax of its own: it proves that Rampart's version ranges resolve next to them and that
// the AsyncHTTPClient trait brings RampartAsyncHTTPClient. Scripts/test builds it and runs its test.
let package = Package(
    name: "SampleApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // A user writes: .package(url: "https://github.com/OWNER/Rampart.git", from: "0.3.0", traits: [...])
        .package(name: "Rampart", path: "../..", traits: ["AsyncHTTPClient"]),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "600.0.1"),
    ],
    targets: [
        .target(
            name: "SampleCore",
            dependencies: [
                .product(name: "RampartHTTP", package: "Rampart"),
                .product(name: "RampartPolicy", package: "Rampart"),
                // RampartScan reads Swift with swift-syntax: here at this app's swift-syntax, the low end of Rampart's range.
                .product(name: "RampartScan", package: "Rampart"),
                .product(name: "RampartSeal", package: "Rampart"),
                .product(name: "RampartTrust", package: "Rampart"),
                .product(name: "RampartAsyncHTTPClient", package: "Rampart"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
        .executableTarget(
            name: "sample-app",
            dependencies: ["SampleCore"],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "SampleCoreTests",
            dependencies: ["SampleCore"],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
