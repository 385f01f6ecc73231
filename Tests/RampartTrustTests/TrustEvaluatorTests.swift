import Foundation
import RampartTestKit
import RampartTrust
import Testing
import X509

@Suite("Trust decisions")
struct TrustEvaluatorTests {
    let pki: LabPKI

    init() throws { pki = try LabPKI.shared() }

    func pin(_ scenario: LabScenario) throws -> SPKIPin {
        try SPKIPin(certificate: pki.chain(scenario).leaf.certificate)
    }
    var intermediatePin: SPKIPin { get throws { try SPKIPin(certificate: pki.intermediate.certificate) } }
    /// A pin of a key nobody serves: the backup kept offline.
    var offlineBackup: SPKIPin {
        get throws { try SPKIPin(parsing: Data(repeating: 7, count: 32).base64EncodedString()) }
    }

    func evaluate(
        _ scenario: LabScenario, host: String = "localhost", pinning: [PinnedHost] = [], trustRogue: Bool = false
    )
        async throws -> TrustDecision
    {
        var roots = [pki.root.certificate]
        if trustRogue { roots.append(pki.rogueRoot.certificate) }
        let evaluator = TrustEvaluator(anchors: .only(roots), atsCertificateRules: true, pinning: pinning)
        return await evaluator.evaluate(served: try pki.chain(scenario).served, host: host)
    }

    @Test(
        "a good chain is trusted by host name and by IP address", arguments: ["localhost", "127.0.0.1", "::1", "[::1]"])
    func good(host: String) async throws {
        let decision = try await evaluate(.good, host: host)
        #expect(decision.verdict == .trusted, "\(decision.failures)")
        #expect(decision.validatedChain.count == 3)
        #expect(decision.validatedChain.last == pki.root.certificate)
    }

    @Test("a pinned leaf is trusted; so is a pinned intermediate")
    func pinned() async throws {
        let leafPins = try PinnedHost(
            domain: "localhost", pins: [.init(try pin(.good), scope: .leaf), .init(try offlineBackup, scope: .leaf)])
        #expect(try await evaluate(.good, pinning: [leafPins]).verdict == .trusted)
        let caPins = try PinnedHost(
            domain: "localhost", pins: [.init(try intermediatePin, scope: .ca), .init(try offlineBackup, scope: .ca)])
        #expect(try await evaluate(.good, pinning: [caPins]).verdict == .trusted)
    }

    @Test("backup-pin rotation: the server moves to the backup key and is still trusted")
    func rotation() async throws {
        let pins = try PinnedHost(
            domain: "localhost", pins: [.init(try pin(.good), scope: .leaf), .init(try pin(.p384), scope: .leaf)])
        #expect(try await evaluate(.good, pinning: [pins]).verdict == .trusted)
        #expect(try await evaluate(.p384, pinning: [pins]).verdict == .trusted)
        #expect(try await evaluate(.p521, pinning: [pins]).verdict == .rejected)
    }

    @Test("a trusted rogue CA (a corporate proxy) passes validation but not the pins")
    func mitm() async throws {
        #expect(try await evaluate(.rogue, trustRogue: true).verdict == .trusted, "the rogue root is trusted here")
        let pins = try PinnedHost(
            domain: "localhost", pins: [.init(try pin(.good), scope: .leaf), .init(try offlineBackup, scope: .leaf)])
        let decision = try await evaluate(.rogue, pinning: [pins], trustRogue: true)
        #expect(decision.verdict == .rejected)
        let mismatch = try #require(decision.pinMismatch)
        #expect(mismatch.served.first?.pin == (try pin(.rogue)))
        #expect(mismatch.served.first?.subject.contains("rogue leaf") == true)
        #expect(mismatch.description.contains("Peer certificate chain:"))
        #expect(mismatch.description.contains(try pin(.good).description))
    }

    @Test("report-only: a mismatch is allowed with a warning and the mismatch kept for the report")
    func reportOnly() async throws {
        let pins = try PinnedHost(domain: "localhost", pins: [.init(try offlineBackup)], enforced: false)
        let decision = try await evaluate(.good, pinning: [pins])
        #expect(decision.verdict == .trustedWithWarnings)
        #expect(decision.pinMismatch != nil)
        #expect(decision.warnings.contains { if case .pinMismatchReported = $0 { true } else { false } })
    }

    @Test("an expired pin set is ignored with a warning")
    func expiredPinSet() async throws {
        let pins = try PinnedHost(
            domain: "localhost", pins: [.init(try offlineBackup), .init(try intermediatePin, scope: .leaf)],
            expiration: Date(timeIntervalSinceNow: -86_400))
        let decision = try await evaluate(.good, pinning: [pins])
        #expect(decision.verdict == .trustedWithWarnings)
        #expect(decision.warnings == [.pinSetExpired(domain: "localhost")])
    }

    @Test(
        "non-pin failures block, even under report-only pinning",
        arguments: [
            (LabScenario.expired, "expired"), (.notYetValid, "notYetValid"), (.wrongHost, "hostMismatch"),
            (.selfSigned, "selfSigned"), (.missingIntermediate, "untrustedIssuer"), (.rogue, "untrustedIssuer"),
            (.rsa1024, "atsCertificateRule"), (.sha1Signed, "atsCertificateRule"),
        ])
    func rejected(scenario: LabScenario, reason: String) async throws {
        let reportOnly = try PinnedHost(domain: "localhost", pins: [.init(try pin(scenario))], enforced: false)
        let decision = try await evaluate(scenario, pinning: [reportOnly])
        #expect(decision.verdict == .rejected)
        let names = decision.failures.map(\.code)
        #expect(names.contains(reason), "\(decision.failures)")
        #expect(!decision.failures.isEmpty && decision.failures.allSatisfy { !$0.description.isEmpty })
    }

    @Test("without ATS rules, RSA-1024 and SHA-1 leaves validate")
    func atsRulesOptional() async throws {
        let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), atsCertificateRules: false)
        for scenario in [LabScenario.rsa1024, .sha1Signed] {
            #expect(
                await evaluator.evaluate(served: try pki.chain(scenario).served, host: "localhost").verdict == .trusted)
        }
    }

    @Test("system anchors do not trust the lab; adding the lab root does")
    func anchors() async throws {
        let served = try pki.chain(.good).served
        #expect(await TrustEvaluator(anchors: .system).evaluate(served: served, host: "localhost").verdict == .rejected)
        #expect(
            await TrustEvaluator(anchors: .systemPlus([pki.root.certificate])).evaluate(
                served: served, host: "localhost"
            )
            .verdict == .trusted)
    }

    @Test("pins only apply to covered hosts: exact, one level, any depth")
    func coverage() throws {
        let pins: [PinnedHost.ScopedPin] = [.init(try offlineBackup), .init(try intermediatePin)]
        let exact = try PinnedHost(domain: "example.com", pins: pins)
        let one = try PinnedHost(domain: "example.com", coverage: .oneLevelOfSubdomains, pins: pins)
        let any = try PinnedHost(domain: "Example.COM.", coverage: .anyDepthOfSubdomains, pins: pins)
        #expect(exact.covers("example.com") && !exact.covers("a.example.com"))
        #expect(one.covers("a.example.com") && !one.covers("b.a.example.com") && !one.covers("badexample.com"))
        #expect(any.covers("b.a.example.com") && any.domain == "example.com")
    }

    @Test(
        "configuration mistakes are refused",
        arguments: ["single pin", "public suffix", "wildcard", "co.uk", "single label"])
    func configuration(mistake: String) throws {
        let two: [PinnedHost.ScopedPin] = [.init(try offlineBackup), .init(try intermediatePin)]
        #expect(throws: TrustError.self) {
            switch mistake {
            case "single pin": _ = try PinnedHost(domain: "example.com", pins: [.init(try offlineBackup)])
            case "public suffix": _ = try PinnedHost(domain: "com", coverage: .anyDepthOfSubdomains, pins: two)
            case "co.uk": _ = try PinnedHost(domain: "co.uk", coverage: .oneLevelOfSubdomains, pins: two)
            case "single label": _ = try PinnedHost(domain: "localhost", coverage: .oneLevelOfSubdomains, pins: two)
            default: _ = try PinnedHost(domain: "*.example.com", pins: two)
            }
        }
    }
}

extension TrustEvaluatorTests {
    @Test("whole-certificate pins (SHA-256 of the DER) match the served leaf, through cached fingerprints too")
    func certificatePins() async throws {
        let good = try pki.chain(.good)
        let leafDigest = try #require(try ChainFingerprints([good.leaf.certificate]).certificateDigests.first)
        let summaryHex = try CertificateSummary(good.leaf.certificate).certificateSHA256
        #expect(leafDigest.map { String(format: "%02x", $0) }.joined() == summaryHex)
        let pins = try PinnedHost(
            domain: "localhost",
            pins: [.init(certificateSHA256: leafDigest, scope: .leaf), .init(try offlineBackup, scope: .leaf)])
        #expect(try await evaluate(.good, pinning: [pins]).verdict == .trusted)
        #expect(try await evaluate(.p384, pinning: [pins]).verdict == .rejected)
        let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [pins])
        let fingerprints = try ChainFingerprints(good.served + [pki.root.certificate])
        #expect(evaluator.checkPins(fingerprints, host: "LOCALHOST").verdict == .trusted)
        let other = try ChainFingerprints(try pki.chain(.p384).served + [pki.root.certificate])
        #expect(evaluator.checkPins(other, host: "localhost").verdict == .rejected)
    }
}
