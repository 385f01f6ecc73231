import Foundation
import NIOConcurrencyHelpers
import NIOSSL
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import RampartTrust
import RampartTrustNIO
import Testing

/// Rampart's trust decision in the handshake of a NIO client, against real `openssl s_server`
/// peers serving the lab's chains (not NIOSSL's BoringSSL on the other side as with LabServer).
@Suite("Trust against openssl s_server peers")
struct OpenSSLPeerTrustTests {
    let pki: LabPKI

    init() throws { pki = try LabPKI.shared() }

    /// What one connection produced: the exchange or the handshake error, and every decision the
    /// callback made.
    struct Outcome {
        var exchange: Result<LabClient.Exchange, any Error>
        var decisions: [TrustDecision]
        var serverOutput: String

        var decision: TrustDecision? { decisions.last }
    }

    /// Starts s_server with `configuration`, connects once as `localhost` with Rampart's trust
    /// deciding the handshake, and stops the server.
    func connect(
        _ configuration: OpenSSLServerConfiguration, pinning: [PinnedHost] = [], trustRogue: Bool = false,
        onDecision: (@Sendable (TrustDecision, Int) -> Void)? = nil
    ) async throws -> Outcome {
        var roots = [pki.root.certificate]
        if trustRogue { roots.append(pki.rogueRoot.certificate) }
        let evaluator = TrustEvaluator(anchors: .only(roots), pinning: pinning)
        return try await OpenSSLServer.withServer(configuration) { server in
            let decisions = NIOLockedValueBox<[TrustDecision]>([])
            let port = server.port
            let trust = TrustVerificationCallback(evaluator: evaluator, host: ATSHost("localhost")) { decision in
                decisions.withLockedValue { $0.append(decision) }
                onDecision?(decision, port)
            }
            let exchange: Result<LabClient.Exchange, any Error>
            do {
                exchange = .success(
                    try await LabClient.get(
                        host: server.host, port: server.port, serverName: "localhost", trusting: [],
                        verification: { trust.callback }))
            } catch {
                exchange = .failure(error)
            }
            return Outcome(
                exchange: exchange, decisions: decisions.withLockedValue { $0 }, serverOutput: server.output)
        }
    }

    func served(_ scenario: LabScenario) throws -> OpenSSLServerConfiguration {
        OpenSSLServerConfiguration(chain: try pki.chain(scenario))
    }

    func pin(_ scenario: LabScenario) throws -> SPKIPin {
        try SPKIPin(certificate: pki.chain(scenario).leaf.certificate)
    }

    /// Enforced leaf pins: the good leaf and a P-384 backup key.
    func leafPins(expiration: Date? = nil, enforced: Bool = true) throws -> PinnedHost {
        try PinnedHost(
            domain: "localhost", pins: [.init(try pin(.good), scope: .leaf), .init(try pin(.p384), scope: .leaf)],
            expiration: expiration, enforced: enforced)
    }

    /// Checks that the exchange went through s_server and the decision trusted it.
    func expectServed(_ outcome: Outcome, verdict: TrustDecision.Verdict = .trusted) throws {
        let exchange = try outcome.exchange.get()
        #expect(exchange.status == 200)
        #expect(String(decoding: exchange.body, as: UTF8.self).contains("s_server"), "not s_server's page")
        #expect(outcome.decisions.count == 1)
        #expect(outcome.decision?.verdict == verdict, "\(String(describing: outcome.decision?.failures))")
    }

    /// Checks that the handshake failed and that Rampart's decision named `reason` first.
    func expectRejected(
        _ outcome: Outcome, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try outcome.exchange.get() }
        #expect(outcome.decision?.verdict == .rejected, sourceLocation: sourceLocation)
        let failures = outcome.decision?.failures ?? []
        #expect(failures.first.map(Self.name) == reason, "\(failures)", sourceLocation: sourceLocation)
        #expect(outcome.decision?.validatedChain.isEmpty == true || reason == "pinMismatch")
    }

    static func name(_ failure: TrustRejection) -> String {
        switch failure {
        case .atsCertificateRule(.weakRSAKey): return "weakRSAKey"
        case .atsCertificateRule(.weakSignature): return "weakSignature"
        default: return failure.code
        }
    }

    @Test("a pinned leaf is trusted")
    func pinnedLeaf() async throws {
        let outcome = try await connect(try served(.good), pinning: [try leafPins()])
        try expectServed(outcome)
        #expect(outcome.decision?.validatedChain.count == 3, "leaf, intermediate, root")
    }

    @Test("a pinned intermediate (CA scope) is trusted")
    func pinnedIntermediate() async throws {
        let pins = try PinnedHost(
            domain: "localhost",
            pins: [
                .init(try SPKIPin(certificate: pki.intermediate.certificate), scope: .ca),
                .init(try SPKIPin(certificate: pki.rogueRoot.certificate), scope: .ca),
            ])
        try expectServed(try await connect(try served(.good), pinning: [pins]))
    }

    @Test("a CA pin does not match the leaf: a pin of the leaf's key in CA scope fails")
    func caScopeIsNotTheLeaf() async throws {
        let pins = try PinnedHost(
            domain: "localhost",
            pins: [.init(try pin(.good), scope: .ca), .init(try pin(.p384), scope: .ca)])
        expectRejected(try await connect(try served(.good), pinning: [pins]), "pinMismatch")
    }

    /// The backup is a P-384 key: BoringSSL clients do not offer P-521 signatures by default.
    @Test("backup-pin rotation: the server now uses the backup key and is still trusted")
    func rotation() async throws {
        let outcome = try await connect(try served(.p384), pinning: [try leafPins()])
        try expectServed(outcome)
        #expect(outcome.decision?.validatedChain.first == (try pki.chain(.p384).leaf.certificate))
    }

    @Test("a rogue CA that the client trusts (a MITM proxy): allowed without pins, rejected with them")
    func rogue() async throws {
        try expectServed(try await connect(try served(.rogue), trustRogue: true))
        let pinned = try await connect(try served(.rogue), pinning: [try leafPins()], trustRogue: true)
        expectRejected(pinned, "pinMismatch")
        let mismatch = try #require(pinned.decision?.pinMismatch)
        #expect(mismatch.served.first?.subject.contains("rogue leaf") == true)
        #expect(mismatch.served.first?.pin == (try pin(.rogue)), "the message shows the pin to copy")
    }

    @Test("report-only: the rogue chain is allowed and exactly one report is recorded")
    func reportOnly() async throws {
        let reporter = InMemoryReporter()
        let app = ReportingApp(bundleID: "com.example.rampart-tests", version: "1.0", vendorID: "vendor")
        let pending = NIOLockedValueBox<[Task<Void, any Error>]>([])
        let outcome = try await connect(
            try served(.rogue), pinning: [try leafPins(enforced: false)], trustRogue: true
        ) { decision, port in
            guard let mismatch = decision.pinMismatch else { return }
            let task = Task {
                try await reporter.report(
                    PinFailureReport(mismatch, validatedChain: decision.validatedChain, port: port, app: app))
            }
            pending.withLockedValue { $0.append(task) }
        }
        try expectServed(outcome, verdict: .trustedWithWarnings)
        #expect(
            outcome.decision?.warnings.contains { if case .pinMismatchReported = $0 { true } else { false } } == true)
        for task in pending.withLockedValue({ $0 }) { try await task.value }
        let reports = await reporter.reports
        #expect(reports.count == 1)
        #expect(reports.first?.hostname == "localhost")
        #expect(reports.first?.enforcePinning == false)
        #expect(reports.first?.validationResult == .failedNoMatchingPin)
        #expect(reports.first?.knownPins.contains("pin-sha256=\"\(try pin(.good).base64)\"") == true)
        #expect(reports.first?.validatedCertificateChain.count == 2, "rogue leaf and rogue root")
    }

    @Test("an expired pin set is ignored with a warning: a server matching none of its pins is allowed")
    func expiredPinSet() async throws {
        let stale = try PinnedHost(
            domain: "localhost", pins: [.init(try pin(.p384), scope: .leaf), .init(try pin(.rsa2048), scope: .leaf)],
            expiration: Date(timeIntervalSinceNow: -86_400))
        let outcome = try await connect(try served(.good), pinning: [stale])
        try expectServed(outcome, verdict: .trustedWithWarnings)
        #expect(outcome.decision?.warnings.first == .pinSetExpired(domain: "localhost"))
    }

    @Test(
        "chains that fail validation are rejected with their reason",
        arguments: [
            (LabScenario.expired, "expired"), (.wrongHost, "hostMismatch"), (.selfSigned, "selfSigned"),
            (.notYetValid, "notYetValid"),
        ])
    func invalid(scenario: LabScenario, reason: String) async throws {
        // Pins for the good leaf too: a pin set never rescues a chain that failed validation.
        let outcome = try await connect(try served(scenario), pinning: [try leafPins(enforced: false)])
        expectRejected(outcome, reason)
    }

    @Test("s_server without -cert_chain (missing intermediate) is rejected as an untrusted issuer")
    func missingIntermediate() async throws {
        var configuration = try served(.good)
        configuration.sendsIntermediates = false
        let outcome = try await connect(configuration)
        expectRejected(outcome, "untrustedIssuer")
        #expect(outcome.decisions.count == 1)
    }

    /// Debian's OpenSSL refuses to even load these at its default security level 2.
    @Test(
        "RSA-1024 and SHA-1 leaves are rejected (served at OpenSSL security level 0)",
        arguments: [(LabScenario.rsa1024, "undecodableCertificate"), (.sha1Signed, "weakSignature")])
    func weak(scenario: LabScenario, reason: String) async throws {
        var configuration = try served(scenario)
        configuration.securityLevel = 0
        let outcome = try await connect(configuration)
        expectRejected(outcome, reason)
        if case .undecodableCertificate(let position, _)? = outcome.decision?.failures.first {
            #expect(position == 0, "the leaf")
        }
    }

    @Test("the same weak leaves at OpenSSL's default level: s_server itself refuses to serve them")
    func opensslRefusesWeakLeaves() async throws {
        for scenario in [LabScenario.rsa1024, .sha1Signed] {
            await #expect(throws: OpenSSLServer.Failure.self, "\(scenario)") {
                try await OpenSSLServer.withServer(try served(scenario)) { _ in () }
            }
        }
    }
}
