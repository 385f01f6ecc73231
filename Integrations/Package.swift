// swift-tools-version: 6.1
import PackageDescription

// Rampart in the clients people already run, as a package of its own so that the main package
// never builds gRPC or AsyncHTTPClient. Run its tests from this folder with `swift test`;
// Scripts/test runs them after the main suites.
let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "RampartIntegrations",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "RampartGRPC", targets: ["RampartGRPC"]),
        .library(name: "RampartAsyncHTTPClient", targets: ["RampartAsyncHTTPClient"]),
    ],
    dependencies: [
        .package(name: "Rampart", path: ".."),
        .package(url: "https://github.com/grpc/grpc-swift-2.git", exact: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", exact: "2.9.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", exact: "1.46.0"),
    ],
    targets: [
        .target(
            name: "RampartGRPC",
            dependencies: [
                .product(name: "RampartPolicy", package: "Rampart"),
                .product(name: "RampartTrust", package: "Rampart"),
                .product(name: "RampartTrustNIO", package: "Rampart"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "RampartAsyncHTTPClient",
            dependencies: [
                .product(name: "RampartPolicy", package: "Rampart"),
                .product(name: "RampartTrust", package: "Rampart"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartGRPCTests",
            dependencies: [
                "RampartGRPC",
                .product(name: "RampartTestKit", package: "Rampart"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartAsyncHTTPClientTests",
            dependencies: [
                "RampartAsyncHTTPClient",
                .product(name: "RampartTestKit", package: "Rampart"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift
        ),
    ]
)
