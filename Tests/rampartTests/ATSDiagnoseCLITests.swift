import Foundation
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing
import X509

/// `rampart ats diagnose` and `rampart pin verify` as a user runs them: text, JSON, exit codes.
@Suite("rampart ats diagnose and pin verify", .serialized)
struct ATSDiagnoseCLITests {
    let scratch: ScratchFolder
    let pki: LabPKI
    let files: LabChainFiles

    init() throws {
        scratch = try ScratchFolder("rampart-diagnose-cli")
        pki = try LabPKI.shared()
        files = try pki.chain(.good).export(to: try scratch.subfolder("good"))
    }

    @Test("a modern server: exit 0, nscurl's sections, JSON with every configuration and minimalException {}")
    func modern() async throws {
        try await OpenSSLServer.withServer(OpenSSLServerConfiguration(chain: try pki.chain(.good))) { server in
            let url = "https://localhost:\(server.port)/"
            let text = try await RampartBinary.run(["ats", "diagnose", url, "--ca", files.rootPEM.path])
            #expect(text.exitCode == 0, "\(text.standardErrorText)")
            for line in [
                "Default ATS Secure Connection", "ATS Default Connection", "Result : PASS (TLSv1.3", "Served chain",
            ] {
                #expect(text.standardOutputText.contains(line), "\(line)")
            }
            let json = try await RampartBinary.run([
                "ats", "diagnose", url, "--ca", files.rootPEM.path, "--format", "json",
            ])
            #expect(json.exitCode == 0)
            let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
            #expect(report["defaultPasses"] as? Bool == true && report["host"] as? String == "localhost")
            #expect((report["minimalException"] as? [String: Any])?.isEmpty == true)
            let configurations = try #require(report["configurations"] as? [[String: Any]])
            #expect(configurations.count == 16 && configurations.allSatisfy { $0["result"] as? String == "pass" })
            #expect((configurations[0]["keys"] as? [String: Any])?.isEmpty == true)
            #expect((configurations[1]["keys"] as? [String: Any])?["NSAllowsArbitraryLoads"] as? Bool == true)
            #expect(
                configurations[0]["tlsVersion"] as? String == "TLSv1.3" && configurations[0]["cipherSuite"] is String)
            #expect((report["chain"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test("a TLS 1.0 server: exit 1, the minimal exception as JSON booleans/strings and as a plist fragment")
    func legacy() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try pki.chain(.good), securityLevel: 0)
        configuration.extraArguments = ["-tls1"]
        try await OpenSSLServer.withServer(configuration) { server in
            let url = "https://localhost:\(server.port)/"
            let json = try await RampartBinary.run([
                "ats", "diagnose", url, "--ca", files.rootPEM.path, "--format", "json",
            ])
            #expect(json.exitCode == 1, "\(json.standardErrorText)")
            let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
            #expect(report["defaultPasses"] as? Bool == false)
            #expect(report["minimalException"] as? [String: String] == ["NSExceptionMinimumTLSVersion": "TLSv1.0"])
            #expect((report["serverFix"] as? String)?.contains("enable TLS 1.2") == true)
            let text = try await RampartBinary.run(["ats", "diagnose", url, "--ca", files.rootPEM.path])
            #expect(text.exitCode == 1)
            #expect(text.standardOutputText.contains("<key>NSExceptionMinimumTLSVersion</key>"))
            #expect(text.standardOutputText.contains("Reason : blocked by App Transport Security"))
            // The fragment, pasted into an Info.plist, lowers the TLS minimum `ats check` reports for the URL.
            let fragment = try #require(report["minimalExceptionPlist"] as? String)
            try scratch.write("Info.plist", Data(Self.plist(fragment).utf8))
            let check = try await RampartBinary.run(["ats", "check", scratch.path("Info.plist"), url])
            #expect(check.exitCode == 0, "\(check.standardOutputText) \(check.standardErrorText)")
            #expect(check.standardOutputText.contains("TLS ≥ TLSv1.0"), "\(check.standardOutputText)")
            #expect(check.standardOutputText.contains("NSExceptionDomains localhost"), "\(check.standardOutputText)")
        }
    }

    @Test("nothing listens: exit 74; not a URL: exit 2; a missing --ca: 66")
    func failures() async throws {
        let port = try await LabScriptedPeer.with(.closeAtOnce) { $0 }
        let down = try await RampartBinary.run(["ats", "diagnose", "https://127.0.0.1:\(port)/"])
        #expect(down.exitCode == 74 && down.standardErrorText.contains("cannot reach 127.0.0.1 port \(port)"))
        #expect(try await RampartBinary.run(["ats", "diagnose", "ftp://example.com/"]).exitCode == 2)
        let missing = try await RampartBinary.run([
            "ats", "diagnose", "https://localhost/", "--ca", scratch.path("nope.pem"),
        ])
        #expect(missing.exitCode == 66)
    }

    @Test("a server that stalls every handshake: --max-time ends the diagnosis with 74, naming what still ran")
    func maxTime() async throws {
        let stalling = LabWebServerConfiguration(chain: try pki.chain(.good), silentAfterAccept: true)
        try await LabWebServer.withServer(stalling) { server in
            let result = try await RampartBinary.run([
                "ats", "diagnose", "https://localhost:\(server.port)/", "--ca", files.rootPEM.path, "--timeout", "600",
                "--max-time", "1",
            ])
            #expect(result.exitCode == 74, "\(result.standardOutputText) \(result.standardErrorText)")
            let message = result.standardErrorText
            #expect(
                message.contains("the diagnosis of localhost port \(server.port) did not finish within 1 s"),
                "\(message)")
            #expect(message.contains("still running: ") && message.contains("ATS Default Connection"), "\(message)")
            #expect(message.contains("the served-chain probe") && message.contains("--max-time"), "\(message)")
            #expect(result.standardOutput.isEmpty)
        }
        for bad in ["0", "3601", "nan", "-1"] {
            let usage = try await RampartBinary.run(["ats", "diagnose", "https://localhost/", "--max-time", bad])
            #expect(usage.exitCode == 2 && usage.standardErrorText.contains("--max-time"), "\(bad)")
        }
    }

    @Test(
        "pin verify: a TrustKit file with a backup pin passes; an Info.plist with one leaf pin fails; a down host is 74"
    )
    func pinVerify() async throws {
        let leafPin = try SPKIPinText.of(pki.chain(.good).leaf.certificate)
        let backup = try SPKIPinText.of(pki.chain(.p384).leaf.certificate)
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            let trustKit: [String: Any] = [
                "TSKPinnedDomains": [
                    "localhost": ["TSKPublicKeyHashes": [leafPin, backup], "TSKIncludeSubdomains": false]
                ]
            ]
            try scratch.write("trustkit.json", try JSONSerialization.data(withJSONObject: trustKit))
            let connect = "localhost=127.0.0.1:\(server.port)"
            let good = try await RampartBinary.run([
                "pin", "verify", "--pins", scratch.path("trustkit.json"), "--connect", connect, "--ca",
                files.rootPEM.path,
                "--format", "json",
            ])
            #expect(good.exitCode == 0, "\(good.standardOutputText) \(good.standardErrorText)")
            let report = try #require(try JSONSerialization.jsonObject(with: good.standardOutput) as? [String: Any])
            #expect(report["healthy"] as? Bool == true)
            let domain = try #require((report["domains"] as? [[String: Any]])?.first)
            #expect(domain["backupPins"] as? Int == 1 && domain["passes"] as? Bool == true)

            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
                <key>NSPinnedDomains</key><dict><key>localhost</key><dict>
                <key>NSPinnedLeafIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key>
                <string>\(leafPin)</string></dict></array></dict></dict></dict></dict></plist>
                """
            try scratch.write("Info.plist", Data(plist.utf8))
            let single = try await RampartBinary.run([
                "pin", "verify", "--policy", scratch.path("Info.plist"), "--connect", connect, "--ca",
                files.rootPEM.path,
            ])
            #expect(single.exitCode == 1)
            #expect(single.standardOutputText.contains("problem: no backup pin"), "\(single.standardOutputText)")
        }
        let port = try await LabScriptedPeer.with(.closeAtOnce) { $0 }
        let down = try await RampartBinary.run([
            "pin", "verify", "--pins", scratch.path("trustkit.json"), "--connect", "localhost=127.0.0.1:\(port)",
        ])
        #expect(down.exitCode == 74, "\(down.standardOutputText) \(down.standardErrorText)")
    }

    static func plist(_ fragment: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
        \(fragment)
        </dict></dict></plist>
        """
    }
}

/// A certificate's SPKI pin as the base64 TrustKit and ATS take.
enum SPKIPinText {
    static func of(_ certificate: Certificate) throws -> String {
        String(try SPKIPin(certificate: certificate).description.dropFirst("sha256/".count))
    }
}
