// swift-tools-version: 6.1
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// `RAMPART_FUZZ=1` (set by `Scripts/fuzz`) instruments the modules the fuzzers reach with libFuzzer
/// and AddressSanitizer, and turns `rampart-fuzz` from a replay tool into a libFuzzer driver.
/// Dependencies are never instrumented.
let fuzzing = Context.environment["RAMPART_FUZZ"] == "1"
let fuzzedSwift: [SwiftSetting] = strictSwift + (fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : [])

/// Certificates and the crypto under them.
let certificates: [Target.Dependency] = [
    .product(name: "Crypto", package: "swift-crypto"),
    .product(name: "_CryptoExtras", package: "swift-crypto"),
    .product(name: "X509", package: "swift-certificates"),
    .product(name: "SwiftASN1", package: "swift-asn1"),
]

/// SwiftNIO with TLS.
let nioTLS: [Target.Dependency] = [
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
    .product(name: "NIOSSL", package: "swift-nio-ssl"),
]

/// Sockets and the TLS handshake events.
let nioSockets: [Target.Dependency] = [
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOTLS", package: "swift-nio"),
]

let package = Package(
    name: "Rampart",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "RampartDiagnostics", targets: ["RampartDiagnostics"]),
        .library(name: "RampartE2E", targets: ["RampartE2E"]),
        .library(name: "RampartHTTP", targets: ["RampartHTTP"]),
        .library(name: "RampartIO", targets: ["RampartIO"]),
        .library(name: "RampartPolicy", targets: ["RampartPolicy"]),
        .library(name: "RampartScan", targets: ["RampartScan"]),
        .library(name: "RampartSeal", targets: ["RampartSeal"]),
        .library(name: "RampartTrust", targets: ["RampartTrust"]),
        .library(name: "RampartTrustNIO", targets: ["RampartTrustNIO"]),
        .library(name: "RampartVault", targets: ["RampartVault"]),
        .library(name: "RampartValidation", targets: ["RampartValidation"]),
        .library(name: "RampartTestKit", targets: ["RampartTestKit"]),
        // For test suites and benchmarks (the Benchmarks package): never linked into `rampart`.
        .library(name: "RampartTestSupport", targets: ["RampartTestSupport"]),
        // The integrations: empty modules unless the trait of the same name is enabled (see `traits`).
        .library(name: "RampartGRPC", targets: ["RampartGRPC"]),
        .library(name: "RampartAsyncHTTPClient", targets: ["RampartAsyncHTTPClient"]),
        .executable(name: "rampart", targets: ["rampart"]),
        // The in-process lab demo: links RampartTestKit, which the shipped `rampart` never does.
        .executable(name: "rampart-demo", targets: ["rampart-demo"]),
    ],
    // Opt-in integrations: a package that enables neither never resolves, fetches or builds gRPC or AsyncHTTPClient.
    //     .package(url: "https://github.com/…/Rampart.git", from: "0.3.0", traits: ["GRPC", "AsyncHTTPClient"])
    traits: [
        .trait(
            name: "GRPC",
            description: "RampartGRPC: Rampart's trust decisions in grpc-swift 2's HTTP/2 transport (macOS 15, iOS 18)."
        ),
        .trait(
            name: "AsyncHTTPClient",
            description: "RampartAsyncHTTPClient: leaf pins checked inside AsyncHTTPClient's TLS handshake."
        ),
    ],
    // Ranges, not pins (as swift-nio, swift-certificates and AsyncHTTPClient declare theirs), so an app that already
    // uses a newer release of one of these can still add Rampart. Each floor is the version Rampart is built and
    // tested with.
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        // Wider than one major: an app whose macros pin swift-syntax must still resolve Rampart.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.1"..<"604.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        // Resolved only when the trait of the same name is enabled (SwiftPM 6.2 and later prune the rest).
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // `swift package generate-documentation` (Scripts/docs): the DocC catalogs in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .target(name: "RampartPolicy", swiftSettings: fuzzedSwift),
        // zlib's crc32 for PNG chunks (zlib1g-dev is one of the Swift toolchain's Linux prerequisites).
        // Named CRampartZlib, not CZlib: ZIPFoundation (RampartScan) declares a clang module CZlib of its own.
        .systemLibrary(name: "CRampartZlib", path: "Sources/CZlib"),
        // Pure: Foundation and zlib only. Input contracts: JSON with limits, e-mail, images, lengths, URLs.
        .target(name: "RampartValidation", dependencies: ["CRampartZlib"], swiftSettings: fuzzedSwift),
        // File and stream I/O: atomic outputs, descriptors, output-path rules, one I/O error type. Foundation only.
        .target(name: "RampartIO", swiftSettings: fuzzedSwift),
        .target(
            name: "RampartSeal",
            dependencies: [
                "RampartIO",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: fuzzedSwift
        ),
        // Pure (no NIO): audits an iOS app's Swift (swift-syntax), Objective-C, plists and .ipa against the practices
        // above; plists through RampartPolicy's reader and its ATS auditor, pins through RampartTrust.
        .target(
            name: "RampartScan",
            dependencies: [
                "RampartPolicy", "RampartTrust", "RampartIO", "RampartValidation",
                // Crypto: baseline fingerprints (SHA-256); RampartIO: bounded file reads and ParallelMap;
                // RampartValidation: HTMLEscaping for the HTML report.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: fuzzedSwift
        ),
        .target(
            name: "RampartVault",
            dependencies: [
                "RampartIO",
                "RampartSeal",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: fuzzedSwift
        ),
        // End-to-end encryption between users: HPKE (swift-crypto) + age STREAM (RampartSeal) +
        // identities in a vault (RampartVault).
        .target(
            name: "RampartE2E",
            dependencies: [
                "RampartIO", "RampartSeal", "RampartVault", .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: fuzzedSwift
        ),
        .target(
            name: "RampartHTTP",
            dependencies: [
                "RampartPolicy", "RampartTrust", "RampartTrustNIO", .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"), "CRampartZlib",
            ]
                + certificates + nioTLS + nioSockets,
            swiftSettings: fuzzedSwift
        ),
        .target(
            name: "RampartDiagnostics",
            dependencies: [
                "RampartHTTP", "RampartPolicy", "RampartTrust", "RampartTrustNIO",
                .product(name: "X509", package: "swift-certificates"),
            ] + nioTLS + nioSockets,
            swiftSettings: strictSwift
        ),
        // Pure: RampartPolicy, swift-certificates, swift-asn1 and swift-crypto only, so an app can call it from its
        // own URLSessionDelegate without linking SwiftNIO or BoringSSL.
        .target(
            name: "RampartTrust",
            dependencies: ["RampartPolicy"] + certificates,
            swiftSettings: fuzzedSwift
        ),
        // RampartTrust inside a NIOSSL handshake, for any NIO pipeline.
        .target(
            name: "RampartTrustNIO",
            dependencies: [
                "RampartPolicy", "RampartTrust", .product(name: "X509", package: "swift-certificates"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ] + nioTLS,
            swiftSettings: fuzzedSwift
        ),
        .target(
            name: "RampartTestKit",
            dependencies: ["RampartTrust"] + certificates + nioTLS + nioSockets + [
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            ],
            swiftSettings: strictSwift
        ),
        // Tests only, never linked into `rampart`: real peers run as processes (nginx, openssl,
        // curl), scratch folders, FIFO readers.
        .target(
            name: "RampartTestSupport",
            dependencies: [
                "RampartTestKit", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        // The command-line pieces `rampart` and `rampart-demo` share: the checked standard output, the terminal's
        // escaping and colour, CommandFailure, the exit codes, arguments read by their bytes and the plain reader.
        // Internal: a target, not a product. Without ArgumentParser, so that rampart-fuzz can fuzz its readers:
        // ArgumentParser's generate-manual plugin runs every executable that depends on ArgumentParser.
        .target(
            name: "RampartCommandLine",
            dependencies: ["RampartIO"],
            swiftSettings: strictSwift
        ),
        // `main`'s body, shared by `rampart` and `rampart-demo`: parse (plainly or with ArgumentParser), run, report.
        .target(
            name: "RampartCommandLineMain",
            dependencies: ["RampartCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "rampart",
            dependencies: [
                "RampartCommandLine",
                "RampartCommandLineMain",
                "RampartDiagnostics",
                "RampartE2E",
                "RampartHTTP",
                "RampartIO",
                "RampartPolicy",
                "RampartScan",
                "RampartSeal",
                "RampartTrust",
                "RampartTrustNIO",
                "RampartValidation",
                "RampartVault",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // TimeAmount: the CLI sets HTTPTimeouts and the probe's timeout, both NIOCore's.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        // Every capability at work on RampartTestKit's lab (`swift run rampart-demo`): its own executable, so that
        // the shipped `rampart` carries no rogue PKI or TLS-intercepting proxy (Scripts/check-boundaries).
        .executableTarget(
            name: "rampart-demo",
            dependencies: [
                "RampartCommandLine", "RampartCommandLineMain", "RampartDiagnostics", "RampartE2E", "RampartHTTP",
                "RampartIO", "RampartPolicy",
                "RampartSeal", "RampartTestKit", "RampartTrust", "RampartTrustNIO", "RampartValidation", "RampartVault",
                "RampartScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "rampart-fuzz",
            dependencies: [
                "RampartCommandLine", "RampartE2E", "RampartHTTP", "RampartIO", "RampartPolicy", "RampartScan",
                "RampartSeal", "RampartTrust", "RampartValidation", "RampartVault",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: fuzzedSwift + (fuzzing ? [.define("RAMPART_FUZZING")] : []),
            // lld: gold fails on the sanitizer runtime ("internal error in format_file_lineno").
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])] : []
        ),
        // The integrations. Their sources live in Integrations/ and compile to empty modules unless the trait of the
        // same name is enabled: gRPC and AsyncHTTPClient are then resolved and linked, and only then.
        .target(
            name: "RampartGRPC",
            dependencies: [
                "RampartPolicy", "RampartTrust", "RampartTrustNIO",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "GRPCCore", package: "grpc-swift-2", condition: .when(traits: ["GRPC"])),
                .product(
                    name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport",
                    condition: .when(traits: ["GRPC"])),
            ],
            path: "Integrations/Sources/RampartGRPC",
            swiftSettings: strictSwift
        ),
        .target(
            name: "RampartAsyncHTTPClient",
            dependencies: [
                "RampartPolicy", "RampartTrust",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
            ],
            path: "Integrations/Sources/RampartAsyncHTTPClient",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartGRPCTests",
            dependencies: [
                "RampartGRPC", "RampartPolicy", "RampartTestKit", "RampartTrust", "RampartTrustNIO",
                .product(name: "GRPCCore", package: "grpc-swift-2", condition: .when(traits: ["GRPC"])),
                .product(
                    name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport",
                    condition: .when(traits: ["GRPC"])),
            ],
            path: "Integrations/Tests/RampartGRPCTests",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartAsyncHTTPClientTests",
            dependencies: [
                "RampartAsyncHTTPClient", "RampartTestKit", "RampartTrust",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
            ],
            path: "Integrations/Tests/RampartAsyncHTTPClientTests",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartPolicyTests",
            dependencies: ["RampartPolicy", "RampartTestKit", "RampartTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartIOTests",
            dependencies: ["RampartIO", "RampartTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartSealTests",
            dependencies: ["RampartIO", "RampartSeal", "RampartTestKit", "RampartTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartE2ETests",
            dependencies: [
                "RampartE2E", "RampartIO", "RampartSeal", "RampartVault", "RampartTestKit", "RampartTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartTrustTests",
            dependencies: ["RampartTrust", "RampartTestKit", "RampartTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartValidationTests",
            dependencies: ["RampartTestSupport", "RampartValidation", .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartScanTests",
            dependencies: ["RampartScan", "RampartPolicy", "RampartTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartTrustNIOTests",
            dependencies: [
                "RampartTrust", "RampartTrustNIO", "RampartTestKit", "RampartTestSupport",
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ] + nioTLS + nioSockets,
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "VaultTestHelper",
            dependencies: ["RampartVault"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartVaultTests",
            dependencies: [
                "RampartVault", "RampartTestKit", "RampartTestSupport", "VaultTestHelper",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartDiagnosticsTests",
            dependencies: [
                "RampartDiagnostics", "RampartHTTP", "RampartPolicy", "RampartTrust", "RampartTrustNIO",
                "RampartTestKit", "RampartTestSupport",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartHTTPTests",
            dependencies: [
                "RampartHTTP", "RampartTestKit", "RampartTestSupport", .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RampartTestKitTests",
            dependencies: ["RampartTestKit", "RampartTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "rampartTests",
            dependencies: [
                "rampart", "rampart-demo", "rampart-fuzz", "RampartCommandLine", "RampartIO", "RampartTestKit",
                "RampartTestSupport", "RampartTrust",
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: strictSwift
        ),
    ]
)
