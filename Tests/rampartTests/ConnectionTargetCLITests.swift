import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// Every command connects only where it was asked to: a port outside 1…65535, credentials in a
/// URL, or a `--connect` for a domain nobody pinned are usage errors (2) before any connection,
/// and what a user typed is quoted back without its password or raw control characters.
@Suite("rampart connection targets", .serialized)
struct ConnectionTargetCLITests {
    let scratch: ScratchFolder
    let pki: LabPKI
    let files: LabChainFiles

    init() throws {
        scratch = try ScratchFolder("rampart-connection-targets")
        pki = try LabPKI.shared()
        files = try pki.chain(.good).export(to: try scratch.subfolder("good"))
    }

    /// A TrustKit file pinning `domains` with the lab leaf's key and a backup.
    func trustKit(_ domains: [String], name: String = "trustkit.json") throws -> String {
        let leafPin = try SPKIPinText.of(pki.chain(.good).leaf.certificate)
        let backup = try SPKIPinText.of(pki.chain(.p384).leaf.certificate)
        var pinned: [String: Any] = [:]
        for domain in domains {
            pinned[domain] = ["TSKPublicKeyHashes": [leafPin, backup], "TSKIncludeSubdomains": false]
        }
        try scratch.write(name, try JSONSerialization.data(withJSONObject: ["TSKPinnedDomains": pinned]))
        return scratch.path(name)
    }

    @Test("ats diagnose: a wrapped port, port 0 and credentials exit 2 before any connection, the password unshown")
    func atsDiagnoseURLs() async throws {
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            for url in [
                "https://127.0.0.1:\(server.port + 65536)/", "https://127.0.0.1:0/",
                "https://127.0.0.1:18446744073709551617/", "https://u:hunter2@127.0.0.1:\(server.port)/",
            ] {
                let result = try await RampartBinary.run(["ats", "diagnose", url, "--ca", files.rootPEM.path])
                #expect(result.exitCode == 2, "\(url): \(result.standardErrorText)")
                #expect(result.standardOutput.isEmpty, "\(url): \(result.standardOutputText)")
                #expect(!result.standardErrorText.contains("hunter2"), "\(result.standardErrorText)")
                #expect(result.standardErrorText.contains("not a usable URL"), "\(result.standardErrorText)")
            }
            #expect(server.requestsServed == 0)
        }
    }

    @Test("fetch: 2^64+1 is not port 443, a wrapped port is refused, credentials are never echoed")
    func fetchURLs() async throws {
        for url in [
            "https://127.0.0.1:18446744073709551617/", "https://127.0.0.1:99999/", "https://127.0.0.1:0/",
            "https://u:hunter2@127.0.0.1:1/",
        ] {
            let result = try await RampartBinary.run(["fetch", url])
            #expect(result.exitCode == 2, "\(url): \(result.standardErrorText)")
            #expect(!result.standardErrorText.contains("hunter2"), "\(result.standardErrorText)")
            #expect(!result.standardErrorText.contains("cannot connect"), "\(result.standardErrorText)")
        }
    }

    @Test("pin show HOST:PORT with a port outside 1…65535 is a usage error, not a missing file")
    func pinShowPort() async throws {
        for target in ["127.0.0.1:99999", "127.0.0.1:0", "[::1]:18446744073709551617"] {
            let result = try await RampartBinary.run(["pin", target])
            #expect(result.exitCode == 2, "\(target): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains("out of range"), "\(result.standardErrorText)")
        }
    }

    @Test("pin verify --connect for a domain nobody pinned, twice for one domain, or with a bad port: exit 2")
    func pinVerifyConnect() async throws {
        let pins = try trustKit(["api.example.com"])
        let port = try await LabScriptedPeer.with(.closeAtOnce) { $0 }
        let cases: [([String], String)] = [
            (["--connect", "other.example.com=127.0.0.1:\(port)"], "pins no such domain"),
            (
                ["--connect", "api.example.com=127.0.0.1:\(port)", "--connect", "API.example.com.=127.0.0.1:\(port)"],
                "more than once"
            ),
            (["--connect", "api.example.com=127.0.0.1:99999"], "out of range"),
        ]
        for (arguments, message) in cases {
            let result = try await RampartBinary.run(["pin", "verify", "--pins", pins] + arguments)
            #expect(result.exitCode == 2, "\(arguments): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains(message), "\(arguments): \(result.standardErrorText)")
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test("pin verify: pin files the library refuses (a wildcard domain, a public suffix with subdomains) are 65")
    func pinVerifyBadFile() async throws {
        let wildcard = try trustKit(["*.example.com"], name: "wildcard.json")
        let result = try await RampartBinary.run(["pin", "verify", "--pins", wildcard])
        #expect(result.exitCode == 65, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("*.example.com"), "\(result.standardErrorText)")
        let leafPin = try SPKIPinText.of(pki.chain(.good).leaf.certificate)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
            <key>NSPinnedDomains</key><dict><key>com</key><dict><key>NSIncludesSubdomains</key><true/>
            <key>NSPinnedLeafIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key>
            <string>\(leafPin)</string></dict></array></dict></dict></dict></dict></plist>
            """
        try scratch.write("Suffix.plist", Data(plist.utf8))
        let suffix = try await RampartBinary.run(["pin", "verify", "--policy", scratch.path("Suffix.plist")])
        #expect(suffix.exitCode == 65, "\(suffix.standardErrorText)")
    }

    @Test("pin verify with --max-time: domains on a server that never answers are reported as timed out")
    func pinVerifyTimesOut() async throws {
        let pins = try trustKit(["a.example", "b.example"])
        let (text, json) = try await LabScriptedPeer.with(.silent) { port in
            let arguments = [
                "pin", "verify", "--pins", pins, "--connect", "a.example=127.0.0.1:\(port)", "--connect",
                "b.example=127.0.0.1:\(port)", "--timeout", "600", "--max-time", "1",
            ]
            return (
                try await RampartBinary.run(arguments), try await RampartBinary.run(arguments + ["--format", "json"])
            )
        }
        #expect(text.exitCode == 1, "\(text.standardOutputText) \(text.standardErrorText)")
        #expect(text.standardOutputText.contains("a.example (127.0.0.1:"), "\(text.standardOutputText)")
        #expect(text.standardOutputText.contains("problem: timed out"), "\(text.standardOutputText)")
        #expect(json.exitCode == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let domains = try #require(report["domains"] as? [[String: Any]])
        #expect(domains.count == 2 && domains.allSatisfy { $0["timedOut"] as? Bool == true })
    }

    @Test("ats diagnose escapes control characters from its inputs (here the --policy file's name) in text")
    func atsDiagnoseEscapes() async throws {
        let name = "evil\u{1B}[31m\nforged.plist"
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict></dict></dict></plist>
            """
        try scratch.write(name, Data(plist.utf8))
        let result = try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            try await RampartBinary.run([
                "ats", "diagnose", "https://localhost:\(server.port)/", "--ca", files.rootPEM.path, "--policy",
                scratch.path(name),
            ])
        }
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(!result.standardOutputText.contains("\u{1B}"), "\(result.standardOutputText)")
        #expect(result.standardOutputText.contains("evil\\x1b[31m\\nforged.plist"), "\(result.standardOutputText)")
    }

    @Test("pin verify refuses a pinned domain holding control characters (65) and quotes it escaped")
    func pinVerifyEscapes() async throws {
        let evil = "evil\u{1B}[31m.example\nforged.example"
        let pins = try trustKit([evil], name: "evil.json")
        let result = try await RampartBinary.run(["pin", "verify", "--pins", pins, "--timeout", "1"])
        #expect(result.exitCode == 65, "\(result.standardErrorText)")
        #expect(!result.standardErrorText.contains("\u{1B}"), "\(result.standardErrorText)")
        #expect(!result.standardOutputText.contains("\u{1B}"), "\(result.standardOutputText)")
    }

    @Test("pin show escapes a certificate subject's control characters in text; JSON keeps them exact")
    func pinShowEscapes() async throws {
        let folder = try scratch.subfolder("evil-subject")
        let pem = folder.appendingPathComponent("cert.pem").path
        let made = try await PeerProcess.runAsync(
            "openssl",
            [
                "req", "-x509", "-nodes", "-days", "30", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                "-subj", "/CN=evil\u{1B}[31mred", "-keyout", folder.appendingPathComponent("key.pem").path, "-out",
                pem,
            ])
        try #require(made.exitCode == 0, "\(made.standardErrorText)")
        let text = try await RampartBinary.run(["pin", pem])
        #expect(text.exitCode == 0, "\(text.standardErrorText)")
        #expect(!text.standardOutputText.contains("\u{1B}"), "\(text.standardOutputText)")
        #expect(text.standardOutputText.contains("[0] CN=evil\\x1b[31mred"), "\(text.standardOutputText)")
        let json = try await RampartBinary.run(["pin", pem, "--format", "json"])
        let list = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]])
        #expect(list.first?["subject"] as? String == "CN=evil\u{1B}[31mred")
    }
}
