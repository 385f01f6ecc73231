import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import NIOSSL
import RampartPolicy
import RampartTestKit
import RampartTrust
import RampartTrustNIO
import Testing

@Suite("Trust enforced in real handshakes")
struct HandshakeTrustTests {
    let pki: LabPKI

    init() throws { pki = try LabPKI.shared() }

    /// Connects to a lab server for `scenario` with Rampart's decision in the handshake.
    func connect(
        to scenario: LabScenario, pinning: [PinnedHost] = [], trustRogue: Bool = false, host: String = "127.0.0.1"
    )
        async throws -> (Result<LabClient.Exchange, any Error>, TrustDecision?)
    {
        var roots = [pki.root.certificate]
        if trustRogue { roots.append(pki.rogueRoot.certificate) }
        let trust = TrustVerificationCallback(
            evaluator: TrustEvaluator(anchors: .only(roots), pinning: pinning), host: ATSHost("localhost"))
        let configuration = LabServerConfiguration(chain: try pki.chain(scenario), host: host)
        let outcome = try await LabServer.withServer(configuration) { server in
            do {
                return Result<LabClient.Exchange, any Error>.success(
                    try await LabClient.get(
                        host: server.host, port: server.port, serverName: "localhost", trusting: [],
                        verification: { trust.callback }))
            } catch {
                return .failure(error)
            }
        }
        return (outcome, trust.lastDecision)
    }

    func pins(_ first: LabScenario, backup: LabScenario = .p384) throws -> PinnedHost {
        try PinnedHost(
            domain: "localhost",
            pins: [
                .init(try SPKIPin(certificate: pki.chain(first).leaf.certificate), scope: .leaf),
                .init(try SPKIPin(certificate: pki.chain(backup).leaf.certificate), scope: .leaf),
            ])
    }

    @Test("a pinned good server completes the exchange over IPv4 and IPv6", arguments: ["127.0.0.1", "::1"])
    func pinnedGood(host: String) async throws {
        let (outcome, decision) = try await connect(to: .good, pinning: [try pins(.good)], host: host)
        let exchange = try outcome.get()
        #expect(exchange.status == 200)
        #expect(decision?.verdict == .trusted)
        #expect(decision?.validatedChain.count == 3)
    }

    /// The backup is a P-384 key: BoringSSL clients do not offer P-521 signatures by default.
    @Test("the backup key is accepted after rotation")
    func rotation() async throws {
        let (outcome, decision) = try await connect(to: .p384, pinning: [try pins(.good, backup: .p384)])
        #expect(try outcome.get().status == 200)
        #expect(decision?.verdict == .trusted)
    }

    @Test("a MITM proxy whose CA the client trusts: allowed without pins, refused with pins")
    func mitm() async throws {
        let (open, _) = try await connect(to: .rogue, trustRogue: true)
        #expect(try open.get().status == 200, "without pins, a trusted proxy CA sees the traffic")
        let (pinned, decision) = try await connect(to: .rogue, pinning: [try pins(.good)], trustRogue: true)
        #expect(throws: NIOSSLError.self) { try pinned.get() }
        #expect(decision?.verdict == .rejected)
        #expect(decision?.pinMismatch?.served.first?.subject.contains("rogue leaf") == true)
    }

    @Test(
        "chains that fail validation fail the handshake",
        arguments: [LabScenario.expired, .wrongHost, .selfSigned, .missingIntermediate, .rsa1024, .sha1Signed])
    func refused(scenario: LabScenario) async throws {
        let (outcome, decision) = try await connect(to: scenario)
        #expect(throws: (any Error).self) { try outcome.get() }
        #expect(decision?.verdict == .rejected)
        #expect(decision?.failures.isEmpty == false)
    }
}

extension HandshakeTrustTests {
    @Test("an RSA-1024 leaf from the wire is refused as undecodable, with the decoder's reason")
    func weakRSAFromTheWire() async throws {
        let (_, decision) = try await connect(to: .rsa1024)
        guard case .undecodableCertificate(let position, let detail)? = decision?.failures.first else {
            Issue.record("unexpected failures: \(String(describing: decision?.failures))")
            return
        }
        #expect(position == 0)
        #expect(!detail.isEmpty)
    }
}

extension HandshakeTrustTests {
    /// BoringSSL verifies inline on the connection's thread; Rampart's decision must not pay for
    /// a hop to Swift's global executor and back (that hop, not the pins, was the handshake cost).
    @Test("the trust decision is made on the connection's event loop")
    func decidesOnTheEventLoop() async throws {
        let threads = NIOLockedValueBox<[Bool]>([])
        let trust = TrustVerificationCallback(
            evaluator: TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [try pins(.good)]),
            host: ATSHost("localhost")
        ) { _ in
            threads.withLockedValue { $0.append(MultiThreadedEventLoopGroup.currentEventLoop != nil) }
        }
        let exchange = try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            try await LabClient.get(
                host: server.host, port: server.port, serverName: "localhost", trusting: [],
                verification: { trust.callback })
        }
        #expect(exchange.status == 200)
        #expect(threads.withLockedValue { $0 } == [true])
    }
}

extension HandshakeTrustTests {
    /// One handshake through a callback that shares `decoding` with other connections.
    func connect(_ scenario: LabScenario, decoding: CertificateDecodingCache, pinning: [PinnedHost] = [])
        async throws -> TrustDecision?
    {
        let trust = TrustVerificationCallback(
            evaluator: TrustEvaluator(
                anchors: .only([pki.root.certificate, pki.rogueRoot.certificate]), pinning: pinning),
            host: ATSHost("localhost"), decoding: decoding)
        _ = try? await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(scenario))) { server in
            try await LabClient.get(
                host: server.host, port: server.port, serverName: "localhost", trusting: [],
                verification: { trust.callback })
        }
        return trust.lastDecision
    }

    @Test("a shared decoding cache parses repeated certificates once and changes no decision")
    func decodingCache() async throws {
        let decoding = CertificateDecodingCache()
        #expect(try await connect(.good, decoding: decoding)?.verdict == .trusted)
        #expect(decoding.count == 2, "the good leaf and the intermediate")
        #expect(try await connect(.good, decoding: decoding)?.verdict == .trusted)
        #expect(decoding.count == 2, "served again, decoded from the cache")
        let mitm = try await connect(.rogue, decoding: decoding, pinning: [try pins(.good)])
        #expect(mitm?.verdict == .rejected)
        #expect(mitm?.pinMismatch != nil)
        let expired = try await connect(.expired, decoding: decoding)
        #expect(expired?.verdict == .rejected)
        #expect(expired?.failures.contains { if case .expired = $0 { true } else { false } } == true)
        let weak = try await connect(.rsa1024, decoding: decoding)
        #expect(weak?.failures.first.map { if case .undecodableCertificate = $0 { true } else { false } } == true)
    }

    @Test("the decoding cache stays within its capacity")
    func decodingCacheCapacity() async throws {
        let decoding = CertificateDecodingCache(capacity: 1)
        for scenario in [LabScenario.good, .p384] {
            #expect(try await connect(scenario, decoding: decoding)?.verdict == .trusted)
            #expect(decoding.count <= 1)
        }
    }
}
