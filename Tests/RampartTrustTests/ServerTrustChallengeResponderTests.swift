import Foundation
import NIOConcurrencyHelpers
import RampartTestKit
import RampartTrust
import Testing
import X509

/// The logic behind the URLSession adapter: the platform's verdict and chain in, the answer out.
/// The chains are what `SecTrustCopyCertificateChain` returns after an evaluation: leaf first,
/// the root the platform chained to last.
@Suite("Server-trust challenges from a platform's TLS stack")
struct ServerTrustChallengeResponderTests {
    let pki: LabPKI

    init() throws { pki = try LabPKI.shared() }

    func platformChain(_ scenario: LabScenario) throws -> [Data] {
        let chain = try pki.chain(scenario)
        return try (chain.served + [chain.issuingRoot]).map { Data(try $0.derBytes) }
    }

    func respond(
        _ anchors: TrustAnchors, _ scenario: LabScenario, platformTrusted: Bool, pinning: [PinnedHost] = []
    ) async throws -> ServerTrustChallengeResponder.Outcome {
        let responder = ServerTrustChallengeResponder(evaluator: TrustEvaluator(anchors: anchors, pinning: pinning))
        return await responder.respond(
            isServerTrust: true, host: "localhost", chain: try platformChain(scenario), platformTrusted: platformTrusted
        )
    }

    @Test("with the system's roots, the root the platform chained to stands in for its store")
    func platformRootStandsIn() async throws {
        let trusted = try await respond(.system, .good, platformTrusted: true, pinning: [try pki.leafPins()])
        #expect(trusted.answer == .useServerTrust)
        #expect(trusted.decision?.validatedChain.last == pki.root.certificate)
        let refused = try await respond(.system, .good, platformTrusted: false)
        #expect(refused.answer == .cancel)
        #expect(refused.decision?.failures.contains { $0.code == "untrustedIssuer" } == true)
    }

    @Test("a proxy CA installed on the device passes the platform and is refused by the pins")
    func mitmCAIsRefusedByPins() async throws {
        let outcome = try await respond(.system, .rogue, platformTrusted: true, pinning: [try pki.leafPins()])
        #expect(outcome.answer == .cancel)
        #expect(outcome.decision?.pinMismatch != nil)
        #expect(try await respond(.system, .rogue, platformTrusted: true).answer == .useServerTrust)
    }

    @Test("Rampart's own rules still apply to a chain the platform trusts")
    func ownRulesApply() async throws {
        let weak = try await respond(.system, .sha1Signed, platformTrusted: true)
        #expect(weak.answer == .cancel)
        #expect(
            weak.decision?.failures.contains { $0.code == "atsCertificateRule" } == true,
            "\(weak.decision?.failures ?? [])")
        #expect(try await respond(.system, .wrongHost, platformTrusted: true).answer == .cancel)
        #expect(try await respond(.system, .expired, platformTrusted: true).answer == .cancel)
    }

    @Test("roots the app adds are trusted where the platform does not know them; roots it replaces ignore the platform")
    func appRoots() async throws {
        let company = pki.root.certificate
        #expect(try await respond(.systemPlus([company]), .good, platformTrusted: false).answer == .useServerTrust)
        #expect(try await respond(.only([company]), .good, platformTrusted: false).answer == .useServerTrust)
        // The platform trusts the rogue root; an app that replaced the roots does not.
        #expect(try await respond(.only([company]), .rogue, platformTrusted: true).answer == .cancel)
    }

    @Test("other challenges are left to the platform; an unreadable chain is refused; every decision is reported")
    func otherChallengesAndReports() async throws {
        let reported = NIOLockedValueBox<[String]>([])
        let responder = ServerTrustChallengeResponder(
            evaluator: TrustEvaluator(anchors: .system),
            onDecision: { host, _ in reported.withLockedValue { $0.append(host) } })
        let basic = await responder.respond(
            isServerTrust: false, host: "localhost", chain: [], platformTrusted: true)
        #expect(basic.answer == .performDefaultHandling && basic.decision == nil)
        let garbage = await responder.respond(
            isServerTrust: true, host: "localhost", chain: [Data([0x30, 0x03, 0x02])], platformTrusted: true)
        #expect(garbage.answer == .cancel)
        #expect(garbage.decision?.failures.first?.code == "undecodableCertificate")
        let empty = await responder.respond(isServerTrust: true, host: "localhost", chain: [], platformTrusted: true)
        #expect(empty.answer == .cancel)
        #expect(reported.withLockedValue { $0 } == ["localhost", "localhost"])
    }
}
