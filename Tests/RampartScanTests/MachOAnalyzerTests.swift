import Foundation
import RampartPolicy
import RampartScan
import Testing

@Suite("MachOAnalyzer", .timeLimit(.minutes(10)))
struct MachOAnalyzerTests {
    func scan(_ name: String) throws -> ScanFileResult {
        MachOAnalyzer().analyze(ScanFile(path: "bin/\(name)", contents: try BinaryFixtures.bytes(name)))
    }

    @Test("imports that break a rule, each named with the binary; arc4random_buf and SecTrustEvaluate are not")
    func imports() throws {
        let result = try scan("insecure-arm64.o")
        let byRule = Dictionary(grouping: result.findings, by: \.ruleID)
        let keychain = try #require(byRule["RS-STORAGE-001"]?.first)
        #expect(keychain.message.contains("_kSecAttrAccessibleAlways"))
        #expect(keychain.message.contains("bin/insecure-arm64.o"))
        #expect(keychain.severity == .high)
        #expect((keychain.line, keychain.column) == (0, 0))
        #expect(byRule["RS-CRYPTO-004"]?.map(\.severity) == [.low, .low])
        #expect(Set(byRule["RS-CRYPTO-006"]?.map(\.message) ?? []).count == 2)  // rand, srand
        #expect(!result.findings.contains { $0.message.contains("arc4random") || $0.message.contains("SecTrust") })
        #expect(result.problems.isEmpty)
    }

    @Test("C strings: a cleartext API URL (medium), loopback (info); XML namespaces and https are not findings")
    func cleartextURLs() throws {
        let urls = try scan("insecure-arm64.o").findings.filter { $0.ruleID == "RS-NET-001" }
        let api = try #require(urls.first { $0.message.contains("http://api.example.com/v1/login") })
        #expect(api.severity == .medium)
        let loopback = try #require(urls.first { $0.message.contains("http://localhost:8080/debug") })
        #expect(loopback.severity == .info)
        #expect(!urls.contains { $0.message.contains("w3.org") })
        #expect(!urls.contains { $0.message.contains("https://") })
        #expect(urls.count == 2)
    }

    @Test("a hard-coded AWS key id is reported redacted")
    func secret() throws {
        let secret = try #require(try scan("insecure-arm64.o").findings.first { $0.ruleID == "RS-CRYPTO-007" })
        #expect(secret.message.contains("AWS access key id"))
        #expect(secret.message.contains("(AKIA…)"))
        #expect(!secret.message.contains("MPLE"))
        #expect(!secret.message.contains("AKIAIOSFODNN7EXAMPLE"))
    }

    @Test("Objective-C: UIWebView's class, the private allowsAnyHTTPSCertificate selector, an @\"http://\" literal")
    func objectiveC() throws {
        let ids = Set(try scan("webview-arm64.o").findings.map(\.ruleID))
        #expect(ids == ["RS-PLATFORM-001", "RS-NET-004", "RS-NET-001"])
    }

    @Test("a clean linked image has no finding; a universal one reports each finding once")
    func cleanAndUniversal() throws {
        #expect(try scan("markupsafe-arm64.so").findings.isEmpty)
        let thin = try scan("insecure-arm64.o").findings.map(\.message).sorted()
        let fat = try scan("insecure-universal.o").findings.map(\.message)
            .map { $0.replacingOccurrences(of: "insecure-universal.o", with: "insecure-arm64.o") }.sorted()
        #expect(fat == thin)
    }

    @Test("signed entitlements with get-task-allow are judged as a project's entitlements would be")
    func signedEntitlements() throws {
        let finding = try #require(try scan("signed-entitlements.so").findings.first { $0.ruleID == "RS-BINARY-001" })
        #expect(finding.path == "bin/signed-entitlements.so")
        #expect(try scan("chained-fixups.so").findings.allSatisfy { $0.ruleID != "RS-BINARY-001" })
    }

    @Test("an encrypted binary is a problem saying its strings were not scanned")
    func encrypted() throws {
        let result = try scan("markupsafe-arm64-encrypted.so")
        let problem = try #require(result.problems.first)
        #expect(problem.path == "bin/markupsafe-arm64-encrypted.so")
        #expect(problem.message.contains("FairPlay-encrypted"))
        #expect(problem.message.contains("strings were not scanned"))
    }

    @Test("garbage and truncated binaries are problems, not findings or crashes")
    func garbage() throws {
        let analyzer = MachOAnalyzer()
        let cut = Array(try BinaryFixtures.bytes("insecure-arm64.o").prefix(100))
        #expect(analyzer.accepts(path: "x", prefix: cut.prefix(16)))
        let result = analyzer.analyze(ScanFile(path: "cut.o", contents: cut))
        #expect(result.findings.isEmpty)
        #expect(result.problems.first?.message.contains("truncated") == true)
        #expect(!analyzer.accepts(path: "notes.txt", prefix: Array("plain text".utf8)[...]))
    }
}
