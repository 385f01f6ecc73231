import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `rampart fetch` and `ats diagnose` over HTTP/2, against a real nginx (`listen … ssl http2`), under
/// TLS 1.2 (nginx's defaults) and TLS 1.3 (Mozilla's intermediate).
@Suite("rampart fetch over HTTP/2", .timeLimit(.minutes(10)))
struct FetchHTTP2CLITests {
    let files: LabChainFiles
    /// Holds `files`; removed when the test ends.
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder("rampart-fetch-h2-cli")
        files = try LabPKI.shared().chain(.good).export(to: scratch.url)
    }

    static func nginx(http2: Bool = true, profile: NginxTLSProfile = .mozillaIntermediate) throws
        -> NginxServerConfiguration
    {
        NginxServerConfiguration(chain: try LabPKI.shared().chain(.good), profile: profile, http2: http2)
    }

    /// nginx's defaults (TLS 1.2 on nginx 1.22) and Mozilla's intermediate (TLS 1.3).
    static let profiles: [NginxTLSProfile] = [.nginxDefaults, .mozillaIntermediate]

    @Test(
        "-v says what ALPN selected and shows the status line as curl does: '* ALPN: server accepted h2', '< HTTP/2 200'",
        arguments: Self.profiles)
    func verboseOverHTTP2(profile: NginxTLSProfile) async throws {
        try await NginxServer.withServer(try Self.nginx(profile: profile)) { nginx in
            let result = try await RampartBinary.run([
                "fetch", "https://localhost:\(nginx.tlsPort)/", "--ca", files.rootPEM.path, "--ca-only", "-v",
            ])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText == "hello from nginx\n")
            #expect(result.standardErrorText.contains("* ALPN: server accepted h2"))
            #expect(result.standardErrorText.contains(profile.negotiatedVersion), "\(result.standardErrorText)")
            #expect(result.standardErrorText.contains("< HTTP/2 200"))
            #expect(!result.standardErrorText.contains("< HTTP/1.1"))
        }
    }

    @Test(
        "A file over h2 on a fresh connection, again and again: the server's first frame is never lost",
        arguments: Self.profiles)
    func repeatedFetches(profile: NginxTLSProfile) async throws {
        try await NginxServer.withServer(try Self.nginx(profile: profile)) { nginx in
            let url = "https://localhost:\(nginx.tlsPort)/files/1k.bin"
            let expected = Data(LabPattern.bytes(count: 1 << 10))
            let root = files.rootPEM.path
            // 4 × 5 fetches, 4 at a time.
            let failures = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var failures: [String] = []
                        for _ in 0..<5 {
                            let result = try await RampartBinary.run([
                                "fetch", url, "--ca", root, "--ca-only", "--http2", "-v",
                            ])
                            // One connection: a GET the server did not process is sent again on a
                            // new one, which would hide a lost frame.
                            let connections = result.standardErrorText.components(separatedBy: "* connecting to ")
                            if result.exitCode != 0 || result.standardOutput != expected || connections.count != 2 {
                                failures.append("exit \(result.exitCode): \(result.standardErrorText)")
                            }
                        }
                        return failures
                    }
                }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(failures.isEmpty, "\(failures)")
        }
    }

    @Test("-i writes HTTP/2's status line (no reason phrase) before the body", arguments: Self.profiles)
    func includeOverHTTP2(profile: NginxTLSProfile) async throws {
        try await NginxServer.withServer(try Self.nginx(profile: profile)) { nginx in
            let result = try await RampartBinary.run([
                "fetch", "https://localhost:\(nginx.tlsPort)/", "--ca", files.rootPEM.path, "--ca-only", "-i",
            ])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText.hasPrefix("HTTP/2 200\r\n"))
            #expect(result.standardOutputText.hasSuffix("\r\n\r\nhello from nginx\n"))
        }
    }

    @Test("--http1.1 against an h2 server offers only http/1.1 and speaks it")
    func http1FlagAgainstHTTP2Server() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let result = try await RampartBinary.run([
                "fetch", "https://localhost:\(nginx.tlsPort)/", "--ca", files.rootPEM.path, "--ca-only", "-v",
                "--http1.1",
            ])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText == "hello from nginx\n")
            #expect(result.standardErrorText.contains("* ALPN: server accepted http/1.1"))
            #expect(result.standardErrorText.contains("< HTTP/1.1 200 OK"))
        }
    }

    @Test("--http2 against a server without h2 exits 74 naming what it offered; nothing is written")
    func http2FlagAgainstHTTP1Server() async throws {
        try await NginxServer.withServer(try Self.nginx(http2: false)) { nginx in
            let output = scratch.url.appendingPathComponent("body").path
            let result = try await RampartBinary.run([
                "fetch", "https://localhost:\(nginx.tlsPort)/", "--ca", files.rootPEM.path, "--ca-only", "--http2",
                "-o", output,
            ])
            #expect(result.exitCode == 74, "\(result.standardErrorText)")
            #expect(result.standardErrorText.contains("did not offer h2 (ALPN: http/1.1)"))
            #expect(result.standardOutput.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test("--http1.1 with --http2 is a usage error (2), refused before any connection")
    func exclusiveFlags() async throws {
        // Port 9 (discard): a connection attempt would fail differently (74), not with 2.
        let result = try await RampartBinary.run(["fetch", "https://localhost:9/", "--http1.1", "--http2"])
        #expect(result.exitCode == 2)
        #expect(result.standardErrorText.contains("--http1.1 and --http2 cannot be used together"))
    }

    @Test(
        "ats diagnose reports the protocol ALPN selected for each passing configuration (text and JSON)",
        arguments: Self.profiles)
    func diagnoseReportsALPN(profile: NginxTLSProfile) async throws {
        try await NginxServer.withServer(try Self.nginx(profile: profile)) { nginx in
            let url = "https://localhost:\(nginx.tlsPort)/"
            let text = try await RampartBinary.run(["ats", "diagnose", url, "--ca", files.rootPEM.path])
            #expect(text.exitCode == 0, "\(text.standardErrorText)")
            #expect(
                text.standardOutputText.contains("Result : PASS (\(profile.negotiatedVersion), TLS_"),
                "\(text.standardOutputText)")
            #expect(text.standardOutputText.contains(", ALPN h2)"))
            let json = try await RampartBinary.run([
                "ats", "diagnose", url, "--ca", files.rootPEM.path, "--format", "json",
            ])
            #expect(json.exitCode == 0)
            let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
            let configurations = try #require(report["configurations"] as? [[String: Any]])
            let passing = configurations.filter { $0["result"] as? String == "pass" }
            #expect(!passing.isEmpty)
            // ATS's default connection offers h2; exceptions that allow what HTTP/2 forbids (TLS 1.0
            // and 1.1, no forward secrecy) offer only http/1.1 (RFC 9113 §9.2).
            let defaultConnection = passing.first { $0["name"] as? String == "ATS Default Connection" }
            #expect(defaultConnection?["alpn"] as? String == "h2", "\(passing)")
            #expect(passing.allSatisfy { ["h2", "http/1.1"].contains($0["alpn"] as? String) }, "\(passing)")
        }
        try await NginxServer.withServer(try Self.nginx(http2: false, profile: profile)) { nginx in
            let json = try await RampartBinary.run([
                "ats", "diagnose", "https://localhost:\(nginx.tlsPort)/", "--ca", files.rootPEM.path, "--format",
                "json",
            ])
            let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
            let configurations = try #require(report["configurations"] as? [[String: Any]])
            let passing = configurations.filter { $0["result"] as? String == "pass" }
            #expect(!passing.isEmpty)
            #expect(passing.allSatisfy { $0["alpn"] as? String == "http/1.1" })
        }
    }
}
