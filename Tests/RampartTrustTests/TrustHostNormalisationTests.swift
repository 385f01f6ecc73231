import Crypto
import Foundation
import NIOConcurrencyHelpers
import RampartPolicy
import RampartTestKit
import RampartTrust
import Testing
import X509

/// Every public entry point of RampartTrust that takes a host judges the host `ATSHost` makes of
/// it: `API.example.com.` is `api.example.com`, `bücher.example` is `xn--bcher-kva.example`. A
/// trailing dot, upper case or the other spelling of an IDN never slips past the pins.
@Suite("Hosts at the trust entry points")
struct TrustHostNormalisationTests {
    let pki: LabPKI
    /// Pins of keys nobody serves: every chain mismatches them.
    let unmatched: [PinnedHost.ScopedPin]

    init() throws {
        pki = try LabPKI.shared()
        unmatched = [
            .init(try SPKIPin(parsing: Data(repeating: 7, count: 32).base64EncodedString())),
            .init(try SPKIPin(parsing: Data(repeating: 8, count: 32).base64EncodedString())),
        ]
    }

    /// The pinned domain (in one spelling) and hosts (in others) that must meet its pins.
    static let spellings: [(domain: String, hosts: [String])] = [
        (
            "api.example.com",
            [
                "api.example.com.", "API.EXAMPLE.COM", "Api.Example.Com.", "api.example.com..", "API.example.com。",
                "ａｐｉ.example.com",
            ]
        ),
        ("bücher.example", ["bücher.example.", "BÜCHER.example", "xn--bcher-kva.example.", "XN--BCHER-KVA.EXAMPLE"]),
        ("XN--BCHER-KVA.example.", ["bücher.example", "Bücher.Example.", "xn--bcher-kva.example"]),
    ]

    /// A server certificate for `name`, issued by the lab intermediate, and its chain.
    func chain(dnsName name: String) throws -> [Certificate] {
        let key = P256.Signing.PrivateKey()
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date() - 3600, notValidAfter: Date() + 3600, issuer: pki.intermediate.certificate.subject,
            subject: try DistinguishedName { CommonName(name) }, signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName(name)])
            },
            issuerPrivateKey: pki.intermediate.privateKey)
        return [leaf, pki.intermediate.certificate]
    }

    var evaluatorAnchors: TrustAnchors { .only([pki.root.certificate]) }

    @Test("checkPins(validatedChain:host:) applies the pins whatever the host's spelling")
    func checkPinsValidatedChain() throws {
        let validated = try pki.chain(.good).served + [pki.root.certificate]
        for (domain, hosts) in Self.spellings {
            let evaluator = TrustEvaluator(pinning: [try PinnedHost(domain: domain, pins: unmatched)])
            for host in hosts {
                let decision = evaluator.checkPins(validatedChain: validated, host: host)
                #expect(decision.verdict == .rejected, "\(domain) pins, host \(host): \(decision.verdict)")
                #expect(decision.pinMismatch?.host == ATSHostName.of(domain), "\(host)")
            }
        }
    }

    @Test("checkPins(_ fingerprints:host:) applies the pins whatever the host's spelling")
    func checkPinsFingerprints() throws {
        let fingerprints = try ChainFingerprints(pki.chain(.good).served + [pki.root.certificate])
        for (domain, hosts) in Self.spellings {
            let evaluator = TrustEvaluator(pinning: [try PinnedHost(domain: domain, pins: unmatched)])
            for host in hosts {
                #expect(evaluator.checkPins(fingerprints, host: host).verdict == .rejected, "\(domain): \(host)")
            }
        }
    }

    @Test("evaluate(served:) checks an IDN's name and pins in A-labels, from either spelling")
    func evaluateServed() async throws {
        let served = try chain(dnsName: "xn--bcher-kva.example")
        let plain = TrustEvaluator(anchors: evaluatorAnchors, atsCertificateRules: false)
        for host in ["bücher.example", "BÜCHER.example.", "xn--bcher-kva.example.", "XN--BCHER-KVA.EXAMPLE"] {
            let decision = await plain.evaluate(served: served, host: host)
            #expect(decision.verdict == .trusted, "\(host): \(decision.failures)")
        }
        let leafPin = PinnedHost.ScopedPin(try SPKIPin(certificate: served[0]), scope: .leaf)
        for domain in ["bücher.example", "xn--bcher-kva.example."] {
            let refusing = TrustEvaluator(
                anchors: evaluatorAnchors, atsCertificateRules: false,
                pinning: [try PinnedHost(domain: domain, pins: unmatched)])
            let matching = TrustEvaluator(
                anchors: evaluatorAnchors, atsCertificateRules: false,
                pinning: [
                    try PinnedHost(
                        domain: domain,
                        pins: [
                            leafPin,
                            .init(
                                try SPKIPin(parsing: Data(repeating: 9, count: 32).base64EncodedString()), scope: .leaf),
                        ])
                ])
            for host in ["bücher.example.", "Xn--Bcher-Kva.Example."] {
                #expect(await refusing.evaluate(served: served, host: host).verdict == .rejected, "\(host)")
                let matched = await matching.evaluate(served: served, host: host)
                #expect(matched.verdict == .trusted, "\(host): \(matched.failures) \(matched.warnings)")
            }
        }
    }

    @Test("evaluate(derChain:) normalises the host as evaluate(served:) does")
    func evaluateDER() async throws {
        let served = try chain(dnsName: "xn--bcher-kva.example")
        let der = try served.map { try $0.derBytes }
        let evaluator = TrustEvaluator(
            anchors: evaluatorAnchors, atsCertificateRules: false,
            pinning: [try PinnedHost(domain: "xn--bcher-kva.example", pins: unmatched)])
        for host in ["BÜCHER.example.", "bücher.example"] {
            let decision = await evaluator.evaluate(derChain: der, host: host)
            #expect(decision.verdict == .rejected && decision.pinMismatch != nil, "\(host): \(decision.failures)")
            let data = await evaluator.evaluate(derChain: der.map { Data($0) }, host: host)
            #expect(data.pinMismatch?.host == "xn--bcher-kva.example")
        }
    }

    @Test("PinnedHost keeps its domain normalised, covers every spelling, and refuses a name IDNA refuses")
    func pinnedHost() throws {
        let host = try PinnedHost(domain: "BÜCHER.Example.", coverage: .anyDepthOfSubdomains, pins: unmatched)
        #expect(host.domain == "xn--bcher-kva.example")
        for name in ["bücher.example", "API.Bücher.Example.", "xn--bcher-kva.example.", "a.XN--BCHER-KVA.example"] {
            #expect(host.covers(name), "\(name)")
        }
        #expect(!host.covers("bucher.example"))
        var renamed = host
        renamed.domain = "API.Example.COM."
        #expect(renamed.domain == "api.example.com" && renamed.covers("api.example.com."))
        #expect(throws: TrustError.self) { try PinnedHost(domain: "ü..example", pins: unmatched) }
        for notAHost in ["[[api.example.com]]", "api.example.com:443", "*.example.com", "api example.com", "a/b.com"] {
            #expect(throws: TrustError.self, "\(notAHost)") { try PinnedHost(domain: notAHost, pins: unmatched) }
        }
        #expect(throws: TrustError.self) { try PinnedHost(domain: "a\u{200D}ü.example", pins: unmatched) }
    }

    @Test("a TrustKit configuration's domains are normalised; two spellings of one domain are refused")
    func trustKit() throws {
        let pins =
            #"["sha256/\#(Data(repeating: 7, count: 32).base64EncodedString())", "\#(Data(repeating: 8, count: 32).base64EncodedString())"]"#
        let json = #"{"TSKPinnedDomains": {"Bücher.Example.": {"TSKPublicKeyHashes": \#(pins)}}}"#
        let hosts = try TrustKitConfiguration.pinnedHosts(from: Data(json.utf8), source: "pins.json")
        #expect(hosts.map(\.domain) == ["xn--bcher-kva.example"])
        let evaluator = TrustEvaluator(pinning: hosts)
        let validated = try pki.chain(.good).served + [pki.root.certificate]
        #expect(evaluator.checkPins(validatedChain: validated, host: "BÜCHER.example.").verdict == .rejected)
        let twice =
            #"{"TSKPinnedDomains": {"api.example.com": {"TSKPublicKeyHashes": \#(pins)}, "API.example.com.": {"TSKPublicKeyHashes": \#(pins)}}}"#
        #expect {
            try TrustKitConfiguration.pinnedHosts(from: Data(twice.utf8), source: "pins.json")
        } throws: { error in
            "\(error)".contains("API.example.com.") && "\(error)".contains("api.example.com")
        }
    }

    @Test("NSPinnedDomains keys are normalised as they are read; two keys naming one domain are refused")
    func nsPinnedDomains() throws {
        let pin = try #require(ATSPin(base64: Data(repeating: 7, count: 32).base64EncodedString()))
        let entry = ATSPinnedDomain(leafIdentities: [pin])
        let hosts = try PinnedHost.pins(of: ATSConfiguration(pinnedDomains: ["Bücher.Example.": entry]))
        #expect(hosts.map(\.domain) == ["xn--bcher-kva.example"])
        let validated = try pki.chain(.good).served + [pki.root.certificate]
        let evaluator = TrustEvaluator(pinning: hosts)
        for host in ["bücher.example.", "XN--BCHER-KVA.EXAMPLE."] {
            #expect(evaluator.checkPins(validatedChain: validated, host: host).verdict == .rejected, "\(host)")
        }
        let twice = ATSConfiguration(pinnedDomains: ["bücher.example": entry, "xn--bcher-kva.example": entry])
        #expect {
            try PinnedHost.pins(of: twice)
        } throws: { error in
            "\(error)".contains("bücher.example") && "\(error)".contains("xn--bcher-kva.example")
        }
    }

    @Test("exported NSPinnedDomains and TrustKit entries are keyed by the normalised domain, which ATS matches")
    func exportKeys() throws {
        let chain = try pki.chain(.good).served
        func keys(_ data: Data, _ path: [String]) throws -> [String] {
            var object = try PropertyListSerialization.propertyList(from: data, format: nil)
            for key in path { object = (object as? [String: Any])?[key] as Any }
            return ((object as? [String: Any]) ?? [:]).keys.sorted()
        }
        for (given, expected) in [
            ("BÜCHER.Example.", "xn--bcher-kva.example"), ("API.Example.COM.", "api.example.com"),
        ] {
            let ats = try PinConfigurationExport.nsPinnedDomains(domain: given, chain: chain)
            #expect(try keys(ats, ["NSAppTransportSecurity", "NSPinnedDomains"]) == [expected])
            let trustKit = try PinConfigurationExport.trustKitPinnedDomains(domain: given, chain: chain)
            #expect(try keys(trustKit, ["TSKConfiguration", "TSKPinnedDomains"]) == [expected])
            let pins = try chain.map { try SPKIPin(certificate: $0) }
            let encoded = try PinConfigurationExport.nsPinnedDomains(domain: given, pins: pins)
            #expect(try keys(encoded, ["NSAppTransportSecurity", "NSPinnedDomains"]) == [expected])
        }
    }

    @Test("a server-trust challenge for any spelling of a pinned host is refused; the host is reported normalised")
    func challengeResponder() async throws {
        let served = try chain(dnsName: "xn--bcher-kva.example")
        let platformChain = try (served + [pki.root.certificate]).map { Data(try $0.derBytes) }
        let hostsSeen = NIOLockedValueBox<[String]>([])
        let responder = ServerTrustChallengeResponder(
            evaluator: TrustEvaluator(
                anchors: evaluatorAnchors, atsCertificateRules: false,
                pinning: [try PinnedHost(domain: "bücher.example", pins: unmatched)]),
            onDecision: { host, _ in hostsSeen.withLockedValue { $0.append(host) } })
        for host in ["BÜCHER.example.", "xn--bcher-kva.example."] {
            let outcome = await responder.respond(
                isServerTrust: true, host: host, chain: platformChain, platformTrusted: true)
            #expect(outcome.answer == .cancel, "\(host)")
            #expect(outcome.decision?.pinMismatch != nil, "\(host): \(outcome.decision?.failures ?? [])")
        }
        #expect(hostsSeen.withLockedValue { $0 } == ["xn--bcher-kva.example", "xn--bcher-kva.example"])
    }
}

/// What `ATSHost` makes of a domain, spelled out for the expectations above.
enum ATSHostName {
    static func of(_ domain: String) -> String {
        switch domain {
        case "api.example.com": return "api.example.com"
        default: return "xn--bcher-kva.example"
        }
    }
}
