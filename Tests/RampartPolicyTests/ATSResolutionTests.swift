import Foundation
import RampartPolicy
import Testing

/// One row of the decision table: a fixture, a URL, a load kind and an OS generation, and what
/// ATS must decide.
struct ResolutionCase: CustomTestStringConvertible, Sendable {
    var fixture: String
    var url: String
    var load: ATSLoadKind = .standard
    var os: ATSOSGeneration = .ios17
    var allowed: Bool
    var rule: String
    var tls: TLSProtocolVersion? = nil
    var forwardSecrecy: Bool? = nil
    var pins: (leaf: Int, ca: Int)? = nil

    var testDescription: String { "\(fixture) \(url) \(load.rawValue) \(os.rawValue)" }
}

private func ok(
    _ f: String, _ u: String, _ rule: String, load: ATSLoadKind = .standard, os: ATSOSGeneration = .ios17,
    tls: TLSProtocolVersion? = nil, fs: Bool? = nil, pins: (Int, Int)? = nil
) -> ResolutionCase {
    ResolutionCase(
        fixture: f, url: u, load: load, os: os, allowed: true, rule: rule, tls: tls, forwardSecrecy: fs, pins: pins)
}

private func no(_ f: String, _ u: String, _ rule: String, load: ATSLoadKind = .standard, os: ATSOSGeneration = .ios17)
    -> ResolutionCase
{
    ResolutionCase(fixture: f, url: u, load: load, os: os, allowed: false, rule: rule)
}

let resolutionCases: [ResolutionCase] = [
    // Defaults: HTTPS only, TLS ≥ 1.2, forward secrecy.
    ok("defaults.plist", "https://example.com/", "defaults", tls: .v1_2, fs: true),
    no("defaults.plist", "http://example.com/", "defaults"),
    no("defaults.plist", "ws://example.com/socket", "defaults"),
    ok("defaults.plist", "wss://example.com/socket", "defaults", tls: .v1_2),
    no("defaults.plist", "http://example.com/", "defaults", load: .media),
    no("defaults.plist", "http://example.com/", "defaults", load: .webContent),
    no("defaults.plist", "http://EXAMPLE.com./", "defaults"),
    // Local hosts per OS generation.
    no("defaults.plist", "http://printer.local/", "defaults", os: .ios17),
    ok("defaults.plist", "http://printer.local/", "localNetworking", os: .ios10),
    no("defaults.plist", "http://printer.local/", "defaults", os: .ios9),
    no("defaults.plist", "http://nas/", "defaults", os: .ios17),
    ok("defaults.plist", "http://nas/", "localNetworking", os: .ios10),
    ok("defaults.plist", "http://192.168.0.20/", "localNetworking", os: .ios10),
    no("defaults.plist", "http://192.168.0.20/", "defaults", os: .ios17),
    ok("defaults.plist", "http://[fe80::1]/", "localNetworking", os: .ios10),
    ok("local.plist", "http://printer.local/", "localNetworking"),
    ok("local.plist", "http://nas/", "localNetworking"),
    ok("local.plist", "http://10.0.0.1/", "localNetworking"),
    ok("local.plist", "http://[::1]:8080/", "localNetworking"),
    no("local.plist", "http://example.com/", "defaults"),
    no("local.plist", "http://printer.local/", "defaults", os: .ios9),
    no("local.plist", "http://203.0.113.1/", "defaults"),
    // iOS 18.4+ (the default): local hosts exempt unless NSAllowsLocalNetworking is NO
    // (SecProtocolConfiguration.m from Security-61439.101.1 on). Key absent:
    ok("defaults.plist", "http://printer.local/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "http://nas/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "http://localhost:8080/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "http://127.0.0.1/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "http://[::1]/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "http://[fe80::1]/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "http://192.168.0.20/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "http://172.16.5.4/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "http://[fd12::1]/", "localNetworking", os: .ios18_4),
    ok("defaults.plist", "https://printer.local/", "localNetworking", os: .ios18_4),
    no("defaults.plist", "http://203.0.113.1/", "defaults", os: .ios18_4),
    no("defaults.plist", "http://172.32.0.1/", "defaults", os: .ios18_4),
    no("defaults.plist", "http://[fe00::1]/", "defaults", os: .ios18_4),
    no("defaults.plist", "http://[2001:db8::8a2e:370:7334]/", "defaults", os: .ios18_4),
    no("defaults.plist", "http://printer.local.example.com/", "defaults", os: .ios18_4),
    no("defaults.plist", "http://example.com/", "defaults", os: .ios18_4),
    // … YES:
    ok("local.plist", "http://printer.local/", "localNetworking", os: .ios18_4),
    ok("local.plist", "http://nas/", "localNetworking", os: .ios18_4),
    ok("local.plist", "http://10.0.0.1/", "localNetworking", os: .ios18_4),
    no("local.plist", "http://203.0.113.1/", "defaults", os: .ios18_4),
    // … NO (XML and binary), and NO with NSAllowsArbitraryLoads YES (ignored: the key is present).
    no("local-no.plist", "http://printer.local/", "defaults", os: .ios18_4),
    no("local-no.plist", "http://nas/", "defaults", os: .ios18_4),
    no("local-no-binary.plist", "http://127.0.0.1/", "defaults", os: .ios18_4),
    no("local-no-binary.plist", "http://[fe80::1]/", "defaults", os: .ios18_4),
    ok("local-no.plist", "https://printer.local/", "defaults", os: .ios18_4, tls: .v1_2, fs: true),
    no("arbitrary-ignored.plist", "http://printer.local/", "defaults", os: .ios18_4),
    no("arbitrary-ignored.plist", "http://anything.example/", "defaults", os: .ios18_4),
    // Local hosts are exempt before NSAllowsArbitraryLoads is looked at; exceptions come first.
    ok("arbitrary.plist", "http://nas/", "localNetworking", os: .ios18_4),
    ok("arbitrary.plist", "http://203.0.113.1/", "arbitraryLoads", os: .ios18_4),
    ok("exceptions.plist", "http://intranet/", "exceptionDomain(intranet)", os: .ios18_4),
    no("exceptions.plist", "http://10.1.3.4/", "exceptionDomain(10.1.0.0/16)", os: .ios18_4),
    ok("exceptions.plist", "http://192.168.1.11/", "localNetworking", os: .ios18_4),
    // The strict reading (ios17) with the key absent or NO.
    no("local-no.plist", "http://printer.local/", "defaults"),
    no("defaults.plist", "http://localhost/", "defaults"),
    // NSAllowsArbitraryLoads and exceptions that replace it.
    ok("arbitrary.plist", "http://anything.example/", "arbitraryLoads"),
    ok("arbitrary.plist", "http://10.0.0.1/", "arbitraryLoads"),
    no("arbitrary.plist", "http://secure.example.com/", "exceptionDomain(secure.example.com)"),
    ok("arbitrary.plist", "https://secure.example.com/", "exceptionDomain(secure.example.com)", tls: .v1_2, fs: true),
    ok("arbitrary.plist", "http://www.secure.example.com/", "arbitraryLoads"),
    ok("arbitrary.plist", "http://legacy.example.com/", "exceptionDomain(legacy.example.com)", tls: .v1_0, fs: false),
    ok("arbitrary.plist", "http://anything.example/", "arbitraryLoads", os: .ios9),
    ok("arbitrary.plist", "http://anything.example/", "arbitraryLoads", load: .media),
    // NSAllowsArbitraryLoads ignored when an iOS 10 key is present — whatever its value.
    no("arbitrary-ignored.plist", "http://anything.example/", "defaults"),
    no("arbitrary-ignored.plist", "http://anything.example/", "defaults", os: .ios10),
    ok("arbitrary-ignored.plist", "http://anything.example/", "arbitraryLoads", os: .ios9),
    ok("arbitrary-ignored.plist", "https://anything.example/", "defaults", tls: .v1_2),
    no("arbitrary-ignored.plist", "http://printer.local/", "defaults"),
    // Media and web content.
    ok("media-web.plist", "http://cdn.example/video.m3u8", "arbitraryLoadsForMedia", load: .media),
    ok("media-web.plist", "http://news.example/", "arbitraryLoadsInWebContent", load: .webContent),
    no("media-web.plist", "http://cdn.example/api", "defaults"),
    no("media-web.plist", "http://cdn.example/video.m3u8", "defaults", load: .media, os: .ios9),
    ok("media-web.plist", "https://cdn.example/", "arbitraryLoadsForMedia", load: .media),
    // Exception lookup: exact first, else nearest ancestor with NSIncludesSubdomains.
    ok("exceptions.plist", "http://example.com/", "exceptionDomain(example.com)"),
    ok("exceptions.plist", "http://www.example.com/", "exceptionDomain(example.com)"),
    ok("exceptions.plist", "http://a.b.c.example.com/", "exceptionDomain(example.com)"),
    no("exceptions.plist", "http://api.example.com/", "exceptionDomain(api.example.com)"),
    ok("exceptions.plist", "https://api.example.com/", "exceptionDomain(api.example.com)", tls: .v1_0, fs: false),
    ok("exceptions.plist", "http://v2.api.example.com/", "exceptionDomain(example.com)"),
    no("exceptions.plist", "http://notexample.com/", "defaults"),
    no("exceptions.plist", "http://example.com.evil.example/", "defaults"),
    ok("exceptions.plist", "https://example.org/", "exceptionDomain(example.org)", tls: .v1_1),
    ok("exceptions.plist", "https://www.example.org/", "exceptionDomain(example.org)", tls: .v1_1),
    ok("exceptions.plist", "http://b.example.org/", "exceptionDomain(b.example.org)", tls: .v1_2),
    ok("exceptions.plist", "https://a.b.example.org/", "exceptionDomain(example.org)", tls: .v1_1),
    no("exceptions.plist", "http://a.b.example.org/", "exceptionDomain(example.org)"),
    no("exceptions.plist", "http://example.org/", "exceptionDomain(example.org)"),
    ok("exceptions.plist", "https://ct.example.net/", "exceptionDomain(ct.example.net)", tls: .v1_2),
    ok("exceptions.plist", "https://www.ct.example.net/", "defaults", tls: .v1_2),
    // old.example.net has only NSTemporaryException… keys: iOS 9 reads them, later systems do not.
    no("exceptions.plist", "http://old.example.net/", "exceptionDomain(old.example.net)"),
    ok("exceptions.plist", "https://old.example.net/", "exceptionDomain(old.example.net)", tls: .v1_2),
    ok("exceptions.plist", "http://old.example.net/", "exceptionDomain(old.example.net)", os: .ios9, tls: .v1_1),
    ok("exceptions.plist", "http://intranet/", "exceptionDomain(intranet)"),
    ok("exceptions.plist", "http://intranet/", "exceptionDomain(intranet)", os: .ios9),
    // Exception keys that never match.
    no("exceptions.plist", "http://example.edu/", "defaults"),
    no("exceptions.plist", "http://x.wild.example/", "defaults"),
    no("exceptions.plist", "http://port.example:8080/", "defaults"),
    no("exceptions.plist", "http://port.example/", "defaults"),
    // IP and CIDR exceptions (iOS 17+), longest prefix wins, never mixed with names.
    ok("exceptions.plist", "http://10.2.3.4/", "exceptionDomain(10.0.0.0/8)"),
    no("exceptions.plist", "http://10.1.3.4/", "exceptionDomain(10.1.0.0/16)"),
    ok("exceptions.plist", "https://10.1.3.4/", "exceptionDomain(10.1.0.0/16)", tls: .v1_3),
    ok("exceptions.plist", "http://192.168.1.10/", "exceptionDomain(192.168.1.10)"),
    no("exceptions.plist", "http://192.168.1.11/", "defaults"),
    ok("exceptions.plist", "http://[fd12::1]/", "exceptionDomain(fd00::/8)"),
    no("exceptions.plist", "http://[fe80::1]/", "defaults"),
    no("exceptions.plist", "http://11.0.0.1/", "defaults"),
    ok("exceptions.plist", "http://10.2.3.4/", "localNetworking", os: .ios10),
    no("exceptions.plist", "http://10.2.3.4/", "defaults", os: .ios9),
    no("exceptions.plist", "http://10.example.com.invalid/", "defaults"),
    // Pinned domains: exact, one label below with NSIncludesSubdomains, unioned.
    ok("pinned.plist", "https://pinned.example.com/", "defaults", pins: (2, 0)),
    ok("pinned.plist", "https://www.pinned.example.com/", "defaults", pins: nil),
    ok("pinned.plist", "https://shop.example.com/", "exceptionDomain(shop.example.com)", pins: (0, 2)),
    ok("pinned.plist", "https://cart.shop.example.com/", "exceptionDomain(shop.example.com)", pins: (0, 2)),
    ok("pinned.plist", "https://api.shop.example.com/", "exceptionDomain(shop.example.com)", pins: (1, 2)),
    ok("pinned.plist", "https://deep.x.shop.example.com/", "exceptionDomain(deep.x.shop.example.com)", pins: nil),
    ok("pinned.plist", "http://cart.shop.example.com/", "exceptionDomain(shop.example.com)", pins: nil),
    ok("pinned.plist", "https://lonely.example.com/", "defaults", pins: (0, 1)),
    ok("pinned.plist", "http://printer.local/", "localNetworking"),
    // A wrong-typed value is ignored and the rest decides: NSIncludesSubdomains <string>YES</string>.
    ok(
        "string-bool-vpn.plist", "http://vpn-provider.example/config", "exceptionDomain(vpn-provider.example)",
        os: .ios18_4),
    no("string-bool-vpn.plist", "http://api.vpn-provider.example/", "defaults", os: .ios18_4),
    ok("string-bool-vpn.plist", "https://api.vpn-provider.example/", "defaults", os: .ios18_4, tls: .v1_2),
    ok(
        "string-bool-vpn.plist", "https://vpn-provider.example/", "exceptionDomain(vpn-provider.example)",
        os: .ios18_4, tls: .v1_0),
    ok(
        "string-bool-vpn-binary.plist", "http://vpn-provider.example/", "exceptionDomain(vpn-provider.example)",
        os: .ios18_4),
    no("string-bool-vpn-binary.plist", "http://api.vpn-provider.example/", "defaults", os: .ios18_4),
    ok(
        "string-bool-vpn.plist", "http://news.example/", "arbitraryLoadsInWebContent", load: .webContent,
        os: .ios18_4),
    // Legacy NSTemporary…/NSThirdParty… keys: ignored from iOS 10 on, read by iOS 9.
    no("legacy-keys.plist", "http://temporary.example.com/", "exceptionDomain(temporary.example.com)", os: .ios18_4),
    ok(
        "legacy-keys.plist", "https://temporary.example.com/", "exceptionDomain(temporary.example.com)",
        os: .ios18_4, tls: .v1_2),
    no(
        "legacy-keys.plist", "http://cdn.thirdparty.example.com/", "exceptionDomain(thirdparty.example.com)",
        os: .ios18_4),
    ok(
        "legacy-keys.plist", "https://cdn.thirdparty.example.com/", "exceptionDomain(thirdparty.example.com)",
        os: .ios18_4, fs: true),
    no("legacy-keys-binary.plist", "http://temporary.example.com/", "exceptionDomain(temporary.example.com)"),
    no("legacy-keys.plist", "http://temporary.example.com/", "exceptionDomain(temporary.example.com)", os: .ios10),
    ok("legacy-keys.plist", "http://temporary.example.com/", "exceptionDomain(temporary.example.com)", os: .ios9),
    ok(
        "legacy-keys-binary.plist", "https://temporary.example.com/", "exceptionDomain(temporary.example.com)",
        os: .ios9, tls: .v1_1),
    ok(
        "legacy-keys.plist", "http://cdn.thirdparty.example.com/", "exceptionDomain(thirdparty.example.com)",
        os: .ios9),
    ok(
        "legacy-keys.plist", "https://cdn.thirdparty.example.com/", "exceptionDomain(thirdparty.example.com)",
        os: .ios9, fs: false),
    no("legacy-keys.plist", "http://both.example.com/", "exceptionDomain(both.example.com)", os: .ios9),
    no("legacy-keys.plist", "http://both.example.com/", "exceptionDomain(both.example.com)", os: .ios18_4),
    // JSON and bare dictionaries.
    ok("ats.json", "http://json.example.com/", "exceptionDomain(json.example.com)"),
    no("ats.json", "http://sub.json.example.com/", "defaults"),
    no("ats.json", "http://other.example/", "defaults"),
    ok("ats.json", "http://other.example/", "arbitraryLoads", os: .ios9),
    ok("bare-ats.plist", "http://bare.example.com/", "exceptionDomain(bare.example.com)"),
    no("bare-ats.plist", "http://www.bare.example.com/", "defaults"),
]

@Suite("ATS resolution")
struct ATSResolutionTests {
    @Test("the decision table has at least 80 rows") func tableSize() { #expect(resolutionCases.count >= 80) }

    @Test("decides like ATS (XML plists)", arguments: resolutionCases)
    func decidesXML(row: ResolutionCase) throws {
        try check(row, document: try PolicyFixtures.document(row.fixture))
    }

    @Test(
        "decides identically from binary plists made by plutil",
        arguments: resolutionCases.filter { $0.fixture.hasSuffix(".plist") })
    func decidesBinary(row: ResolutionCase) async throws {
        let copy = try await PolicyFixtures.binaryCopy(row.fixture)
        let document = try ATSDocument.load(contentsOf: copy)
        #expect(document.format == .binaryPropertyList)
        try check(row, document: document)
    }

    private func check(_ row: ResolutionCase, document: ATSDocument) throws {
        let policy = ATSPolicy(document.configuration, os: row.os)
        let url = try #require(URL(string: row.url))
        let decision = try policy.requirements(for: url, load: row.load)
        #expect(decision.isAllowed == row.allowed, "\(row.testDescription): \(decision.reason ?? "allowed")")
        #expect(ruleName(decision.rule) == row.rule, "\(row.testDescription)")
        if let tls = row.tls { #expect(decision.requirements.minimumTLSVersion == tls) }
        if let fs = row.forwardSecrecy { #expect(decision.requirements.requiresForwardSecrecy == fs) }
        if url.scheme == "https" {
            #expect(
                decision.requirements.pins.map { ($0.leafPins.count, $0.caPins.count) } ?? (0, 0)
                    == (row.pins ?? (0, 0)))
        }
        if !row.allowed {
            #expect(decision.reason?.hasPrefix("App Transport Security has blocked a cleartext HTTP") == true)
            #expect(decision.reason?.contains(decision.host) == true)
        }
    }

    private func ruleName(_ rule: ATSDecision.Rule) -> String {
        switch rule {
        case .exceptionDomain(let key): return "exceptionDomain(\(key))"
        case .localNetworking: return "localNetworking"
        case .arbitraryLoadsForMedia: return "arbitraryLoadsForMedia"
        case .arbitraryLoadsInWebContent: return "arbitraryLoadsInWebContent"
        case .arbitraryLoads: return "arbitraryLoads"
        case .defaults: return "defaults"
        }
    }

    @Test("an exception domain replaces the globals even when its dictionary is empty")
    func emptyExceptionReplacesGlobals() throws {
        let configuration = ATSConfiguration(
            allowsArbitraryLoads: true, exceptionDomains: ["strict.example": ATSExceptionDomain()])
        let policy = ATSPolicy(configuration)
        #expect(try !policy.requirements(for: #require(URL(string: "http://strict.example/"))).isAllowed)
        #expect(try policy.requirements(for: #require(URL(string: "http://other.example/"))).isAllowed)
    }

    @Test("explain records which entry applied and why")
    func explainSteps() throws {
        let policy = ATSPolicy(try PolicyFixtures.document("exceptions.plist").configuration)
        let decision = try policy.explain(#require(URL(string: "http://a.b.example.org/")))
        #expect(decision.steps.contains { $0.contains("'b.example.org' does not include subdomains") })
        #expect(decision.steps.contains { $0.contains("'example.org' has NSIncludesSubdomains") })
        #expect(decision.steps.last?.contains("blocked") == true)
        let quiet = try policy.requirements(for: #require(URL(string: "http://a.b.example.org/")))
        #expect(quiet.steps.isEmpty)
    }

    @Test(
        "non-HTTP URLs are refused with a clear error",
        arguments: ["ftp://example.com/", "file:///etc/hosts", "mailto:a@example.com"])
    func unsupportedURL(text: String) throws {
        let policy = ATSPolicy(ATSConfiguration())
        #expect(throws: PolicyError.unsupportedURL(text)) { try policy.requirements(for: #require(URL(string: text))) }
    }

    @Test(
        "CIDR ranges parse strictly",
        arguments: [
            ("10.0.0.0/8", true), ("10.0.0.0/33", false), ("10.0.0.0/08", false), ("fd00::/8", true),
            ("example.com/8", false), ("::1", true),
        ])
    func cidrParsing(text: String, valid: Bool) {
        #expect((CIDRRange(text) != nil) == valid)
    }
}

@Suite("ATS host lookups")
struct ATSHostLookupTests {
    @Test("a host with the most labels DNS allows still finds its exact key and its ancestors")
    func deepHosts() throws {
        let deep = Array(repeating: "a", count: 125).joined(separator: ".") + ".example.com"
        let configuration = ATSConfiguration(exceptionDomains: [
            deep: ATSExceptionDomain(minimumTLSVersion: .v1_3),
            "example.com": ATSExceptionDomain(includesSubdomains: true, allowsInsecureHTTPLoads: true),
        ])
        let policy = ATSPolicy(configuration)
        let exact = policy.requirements(scheme: "https", host: deep)
        #expect(exact.rule == .exceptionDomain(deep))
        #expect(exact.requirements.minimumTLSVersion == .v1_3)
        let sibling = policy.requirements(scheme: "http", host: "b." + deep.dropFirst(2))
        #expect(sibling.rule == .exceptionDomain("example.com"))
        #expect(sibling.isAllowed)
    }

    @Test(
        "hosts are normalized: case, brackets and a trailing dot",
        arguments: [
            ("Example.COM.", "example.com", ATSHost.Kind.dnsName), ("[::1]", "::1", .ipv6),
            ("127.0.0.1", "127.0.0.1", .ipv4),
            ("1.2.3", "1.2.3", .dnsName), ("FE80::1", "fe80::1", .ipv6),
        ])
    func normalization(raw: String, name: String, kind: ATSHost.Kind) {
        let host = ATSHost(raw)
        #expect(host.name == name)
        #expect(host.kind == kind)
    }

    @Test("IP literals keep their address bytes")
    func addressBytes() {
        #expect(ATSHost("10.1.2.3").addressBytes == [10, 1, 2, 3])
        #expect(ATSHost("::1").addressBytes == Array(repeating: 0, count: 15) + [1])
        #expect(ATSHost("example.com").addressBytes.isEmpty)
    }
}
