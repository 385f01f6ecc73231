import Foundation
import RampartPolicy
import RampartTestSupport
import Testing

@testable import RampartScan

/// Reports are uploaded as SARIF, attached to pull requests and kept in CI logs: whatever rule a finding is
/// of, no secret of the scanned code may reach them whole.
@Suite("Scan reports never carry a secret, whatever the rule", .timeLimit(.minutes(10)))
struct ReportSecretExposureTests {
    /// A token of GitHub's shape, made at run time so this file holds none.
    static let token = "ghp_" + String(String(repeating: "Zq7Xk2Lm9P", count: 4).prefix(36))
    /// A random-looking value given to a name that says secret (RS-CRYPTO-007 without a known prefix).
    static let password = "Qm9vT3xZ7pL2wR8sK4vN6yB1cD5fG0hJ"

    static func outputs(_ report: ScanReport) throws -> [String] {
        [
            try ScanJSONReport.render(report, toolVersion: "test"),
            try ScanSARIFReport.render(report, toolVersion: "test"),
            Data(ScanHTMLReport.render(report, toolVersion: "test").utf8),
            Data(ScanTextReport.render(report).utf8),
        ].map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a token two lines from a cleartext-URL finding, in code or in a comment, is masked in its excerpt")
    func besideAnotherFinding() throws {
        let scratch = try ScratchFolder("scan-exposure-beside")
        let swift = """
            import Foundation
            // the old one: \(Self.token)
            let token = "\(Self.token)"
            let url = URL(string: "http://api.example.com/v1")!
            let task = URLSession.shared.dataTask(with: url)

            """
        _ = try scratch.write("Net.swift", swift)
        let report = try ScanEngine().scan([scratch.path])
        let cleartext = try #require(report.findings.first { $0.ruleID == ScanRule.cleartextHTTPURL.id })
        #expect(cleartext.excerpt?.firstLine == 2)
        #expect(cleartext.excerpt?.lines[0] == "// the old one: ghp_…", "\(cleartext.excerpt?.lines ?? [])")
        #expect(cleartext.excerpt?.lines[1] == "let token = \"ghp_…\"")
        #expect(cleartext.snippet == "let url = URL(string: \"http://api.example.com/v1\")!")
        for output in try Self.outputs(report) { #expect(!output.contains(Self.token)) }
    }

    @Test("a secret on its own line inside a multi-line literal is masked, to the literal's end")
    func multilineLiteral() throws {
        let scratch = try ScratchFolder("scan-exposure-literal")
        let swift = """
            import Foundation
            let apiKey = \"\"\"
                \(Self.password)
                \"\"\"
            let after = 1

            """
        _ = try scratch.write("Keys.swift", swift)
        let report = try ScanEngine().scan([scratch.path])
        let secret = try #require(report.findings.first { $0.ruleID == ScanRule.hardCodedSecret.id })
        #expect(secret.line == 2)
        #expect(
            secret.excerpt?.lines == [
                "import Foundation", "let apiKey = \"\"\"", "    Qm9v…", "    \"\"\"",
            ])
        for output in try Self.outputs(report) { #expect(!output.contains(Self.password)) }
    }

    @Test("a URL's user name, password, query values and fragment are left out of messages")
    func urlCredentials() throws {
        let url = "http://admin:hunter2@api.example.com/v1/login?token=abc123secret&page=2#frag"
        let binary = MachOCleartextURL.findings(
            strings: [MachOSlice.CString(section: "__TEXT,__cstring", value: url)], binary: "App", path: "App")
        let scratch = try ScratchFolder("scan-exposure-url")
        _ = try scratch.write(
            "Net.swift",
            "import Foundation\nlet url = URL(string: \"\(url)\")!\nlet task = URLSession.shared.dataTask(with: url)\n")
        _ = try scratch.write(
            "Net.m", "NSURL *url = [NSURL URLWithString:@\"\(url)\"];\n")
        let report = try ScanEngine().scan([scratch.path])
        let sources = report.findings.filter { $0.ruleID == ScanRule.cleartextHTTPURL.id }
        #expect(sources.count == 2, "\(report.findings)")
        for finding in binary + sources {
            #expect(finding.message.contains("http://api.example.com/v1/login?token=…&page=…#…"), "\(finding.message)")
            for secret in ["admin", "hunter2", "abc123secret", "frag"] {
                #expect(!finding.message.contains(secret), "\(finding.message)")
            }
        }
        for output in try Self.outputs(report) { #expect(!output.contains("hunter2")) }
    }

    @Test("a known-prefix secret shows its vendor's prefix and no more, never more than a third of it")
    func knownPrefix() {
        #expect(KnownSecrets.redacted(Self.token) == "ghp_…")
        #expect(KnownSecrets.redacted("AKIA" + "IOSFODNN7EXAMPLE") == "AKIA…")
        #expect(KnownSecrets.redacted("sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc") == "sk_live_…")
        #expect(KnownSecrets.redacted("hunter2hunter2") == "hunt…")
        #expect(KnownSecrets.redacted("abcdef") == "ab…")
        #expect(
            KnownSecrets.redacted("-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIBAAKCAQEA")
                == "-----BEGIN RSA PRIVATE KEY-----")
        for pattern in KnownSecrets.patterns where pattern.minimumLength > 0 {
            let secret = pattern.prefix + String(repeating: "A", count: pattern.minimumLength)
            let shown = KnownSecrets.redacted(secret).dropLast()  // the "…"
            #expect(shown.count * 3 <= secret.count, "\(pattern.kind): \(shown)")
            #expect(secret.hasPrefix(shown))
        }
    }
}
