import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `rampart fetch` and `ats diagnose` over HTTP/2, against a real nginx (`listen … ssl http2`).
@Suite("rampart fetch over HTTP/2")
struct FetchHTTP2CLITests {
    let files: LabChainFiles
    /// Holds `files`; removed when the test ends.
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder("rampart-fetch-h2-cli")
        files = try LabPKI.shared().chain(.good).export(to: scratch.url)
    }

    static func nginx(http2: Bool = true) throws -> NginxServerConfiguration {
        NginxServerConfiguration(chain: try LabPKI.shared().chain(.good), http2: http2)
    }

    @Test(
        "-v says what ALPN selected and shows the status line as curl does: '* ALPN: server accepted h2', '< HTTP/2 200'"
    )
    func verboseOverHTTP2() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let result = try await RampartBinary.run([
                "fetch", "https://localhost:\(nginx.tlsPort)/", "--ca", files.rootPEM.path, "--ca-only", "-v",
            ])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText == "hello from nginx\n")
            #expect(result.standardErrorText.contains("* ALPN: server accepted h2"))
            #expect(result.standardErrorText.contains("< HTTP/2 200"))
            #expect(!result.standardErrorText.contains("< HTTP/1.1"))
        }
    }

    @Test("-i writes HTTP/2's status line (no reason phrase) before the body")
    func includeOverHTTP2() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
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

    @Test("ats diagnose reports the protocol ALPN selected for each passing configuration (text and JSON)")
    func diagnoseReportsALPN() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let url = "https://localhost:\(nginx.tlsPort)/"
            let text = try await RampartBinary.run(["ats", "diagnose", url, "--ca", files.rootPEM.path])
            #expect(text.exitCode == 0, "\(text.standardErrorText)")
            #expect(text.standardOutputText.contains("Result : PASS (TLSv1.3, TLS_"))
            #expect(text.standardOutputText.contains(", ALPN h2)"))
            let json = try await RampartBinary.run([
                "ats", "diagnose", url, "--ca", files.rootPEM.path, "--format", "json",
            ])
            #expect(json.exitCode == 0)
            let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
            let configurations = try #require(report["configurations"] as? [[String: Any]])
            let passing = configurations.filter { $0["result"] as? String == "pass" }
            #expect(!passing.isEmpty)
            #expect(passing.allSatisfy { $0["alpn"] as? String == "h2" })
        }
        try await NginxServer.withServer(try Self.nginx(http2: false)) { nginx in
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
