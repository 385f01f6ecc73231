import Foundation
import RampartPolicy
import Testing

/// ATS decisions as iOS makes them (issue 14): wrong-typed values ignored, local hosts exempt
/// unless `NSAllowsLocalNetworking` is `NO` (iOS 18.4+), legacy exception keys ignored from iOS 10 on.
/// The evidence is `protocol/SecProtocolConfiguration.m` in apple-oss-distributions/Security.
@Suite("ATS as the system reads it")
struct ATSSystemReadingTests {
    static let vpnEntry = "NSAppTransportSecurity.NSExceptionDomains.vpn-provider.example"

    @Test(
        "a <string>YES</string> NSIncludesSubdomains is ignored, listed, and the rest decides (XML and binary)",
        arguments: ["string-bool-vpn.plist", "string-bool-vpn-binary.plist"])
    func wrongTypedValue(fixture: String) throws {
        let loaded = try ATSLoadedPolicy(contentsOf: try PolicyFixtures.url(fixture))
        #expect(loaded.document.format == (fixture.contains("binary") ? .binaryPropertyList : .xmlPropertyList))
        let ignored = try #require(loaded.ignoredValues.first)
        #expect(loaded.ignoredValues.count == 1)
        #expect(ignored.keyPath == Self.vpnEntry + ".NSIncludesSubdomains")
        #expect(ignored.expected == "a Boolean")
        #expect(ignored.found == "the string 'YES'")
        let exact = try loaded.policy.requirements(for: #require(URL(string: "http://vpn-provider.example/")))
        #expect(exact.isAllowed)
        #expect(exact.rule == .exceptionDomain("vpn-provider.example"))
        let sub = try loaded.policy.requirements(for: #require(URL(string: "http://api.vpn-provider.example/")))
        #expect(!sub.isAllowed)
        #expect(sub.rule == .defaults)

        #expect {
            try ATSPolicy(contentsOf: try PolicyFixtures.url(fixture))
        } throws: { error in
            guard case PolicyError.ignoredValues(_, let diagnostics) = error else { return false }
            return diagnostics == loaded.ignoredValues
        }
    }

    @Test("an exception entry that is not a dictionary is skipped, as the system does, not made a default entry")
    func entryNotADictionary() throws {
        let document = try ATSDocument.decode(
            object: [
                "NSAppTransportSecurity": [
                    "NSAllowsArbitraryLoads": true, "NSExceptionDomains": ["strict.example": "YES"],
                ]
            ], source: "x")
        #expect(document.configuration.exceptionDomains.isEmpty)
        #expect(document.ignoredValues.map(\.keyPath) == ["NSAppTransportSecurity.NSExceptionDomains.strict.example"])
        #expect(document.ignoredValues.first?.expected == "a dictionary")
        let decision = ATSLoadedPolicy(document).policy.requirements(scheme: "http", host: "strict.example")
        #expect(decision.isAllowed)
        #expect(decision.rule == .arbitraryLoads)
    }

    @Test("the default generation is iOS 18.4+, which exempts local hosts unless NSAllowsLocalNetworking is NO")
    func defaultGeneration() throws {
        #expect(ATSOSGeneration.newest == .ios18_4)
        #expect(ATSOSGeneration(rawValue: "ios18.4") == .ios18_4)
        let policy = ATSPolicy(ATSConfiguration())
        #expect(policy.os == .ios18_4)
        let decision = try policy.explain(#require(URL(string: "http://printer.local/")))
        #expect(decision.isAllowed)
        #expect(decision.steps.contains { $0.contains("exempt local hosts unless NSAllowsLocalNetworking is NO") })
        let no = ATSPolicy(ATSConfiguration(allowsLocalNetworking: false))
        #expect(!no.requirements(scheme: "http", host: "printer.local").isAllowed)
        let strict = ATSPolicy(ATSConfiguration(), os: .ios17)
        #expect(!strict.requirements(scheme: "http", host: "printer.local").isAllowed)
    }

    @Test(
        "direct hosts: unqualified and .local names, loopback, link-local and private addresses",
        arguments: [
            ("localhost", true), ("nas", true), ("printer.local", true), ("Printer.Local.", true),
            ("127.0.0.1", true), ("127.8.9.10", true), ("::1", true), ("fe80::1", true), ("febf::1", true),
            ("169.254.1.1", true), ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true),
            ("192.168.0.20", true), ("fd12::1", true), ("fc00::1", true),
            ("example.com", false), ("local.example.com", false), ("203.0.113.1", false), ("172.32.0.1", false),
            ("172.15.0.1", false), ("fe00::1", false), ("fec0::1", false), ("2001:db8::8a2e:370:7334", false),
            ("8.8.8.8", false), ("::2", false),
        ])
    func directHosts(host: String, direct: Bool) {
        #expect(ATSHost(host).isDirect == direct)
    }

    @Test("the auditor says the system ignores legacy keys and names the key to use")
    func legacyKeyFindings() throws {
        let document = try PolicyFixtures.document("legacy-keys.plist")
        let base = "NSAppTransportSecurity.NSExceptionDomains."
        let findings = ATSAuditor().audit(document).findings.filter { $0.ruleID == "ATS030" }
        let expected = [
            (
                base + "both.example.com.NSTemporaryThirdPartyExceptionAllowsInsecureHTTPLoads",
                "NSExceptionAllowsInsecureHTTPLoads"
            ),
            (
                base + "temporary.example.com.NSTemporaryExceptionAllowsInsecureHTTPLoads",
                "NSExceptionAllowsInsecureHTTPLoads"
            ),
            (base + "temporary.example.com.NSTemporaryExceptionMinimumTLSVersion", "NSExceptionMinimumTLSVersion"),
            (
                base + "thirdparty.example.com.NSThirdPartyExceptionAllowsInsecureHTTPLoads",
                "NSExceptionAllowsInsecureHTTPLoads"
            ),
            (
                base + "thirdparty.example.com.NSThirdPartyExceptionRequiresForwardSecrecy",
                "NSExceptionRequiresForwardSecrecy"
            ),
        ]
        #expect(findings.count == expected.count)
        for (keyPath, modern) in expected {
            let finding = findings.first { $0.keyPath == keyPath }
            #expect(finding?.severity == .medium, "\(keyPath)")
            let legacy = String(keyPath.split(separator: ".").last ?? "")
            #expect(finding?.message.contains("the system ignores \(legacy)") == true, "\(finding?.message ?? keyPath)")
            #expect(finding?.message.contains("use \(modern) instead") == true, "\(finding?.message ?? keyPath)")
        }
        // The ignored legacy cleartext key grants nothing, so no insecure-HTTP finding either.
        #expect(!ATSAuditor().audit(document).findings.contains { $0.ruleID == "ATS010" })

        let ios9 = ATSAuditor(os: .ios9).audit(document).findings
        #expect(
            ios9.contains {
                $0.ruleID == "ATS030" && $0.severity == .low && $0.message.contains("read by iOS 9 only")
                    && $0.keyPath.hasSuffix("temporary.example.com.NSTemporaryExceptionAllowsInsecureHTTPLoads")
            })
        #expect(
            ios9.contains {
                $0.ruleID == "ATS030" && $0.message.contains("ignored even by iOS 9")
                    && $0.keyPath.hasPrefix(base + "both.example.com")
            })
        #expect(ios9.contains { $0.ruleID == "ATS010" && $0.keyPath == base + "thirdparty.example.com" })
    }

    @Test("the auditor keeps its finding for a wrong-typed value")
    func wrongTypedFinding() throws {
        let findings = ATSAuditor().audit(try PolicyFixtures.document("string-bool-vpn-binary.plist")).findings
        #expect(
            findings.contains {
                $0.ruleID == "ATS033" && $0.keyPath == Self.vpnEntry + ".NSIncludesSubdomains" && $0.severity == .high
            })
    }
}
