import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import RampartPolicy
import RampartTestKit
import RampartTrust
import RampartTrustNIO
import Testing

/// The NIO pipeline helper as the README shows it: a ClientBootstrap, `addHandlers(host:to:)`,
/// then the caller's own handlers (HTTP/1.1 here), against lab servers on loopback.
@Suite("TrustedTLSClient in a pipeline of one's own")
struct TrustedTLSClientTests {
    let pki: LabPKI

    init() throws { pki = try LabPKI.shared() }

    /// One GET through a pipeline built with the helper: the status, or the error the pipeline saw.
    func get(
        _ scenario: LabScenario, host: String, evaluator: TrustEvaluator, listenOn address: String = "127.0.0.1",
        chain: LabChain? = nil
    ) async throws -> (status: Result<Int, any Error>, decision: TrustDecision?, served: Int) {
        let tls = try TrustedTLSClient(evaluator: evaluator)
        let decisions = DecisionLog()
        let server = try await LabServer.start(
            LabServerConfiguration(chain: try chain ?? pki.chain(scenario), host: address))
        let status: Result<Int, any Error>
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(20))
                .connect(host: server.host, port: server.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try tls.addHandlers(host: ATSHost(host), to: channel.pipeline.syncOperations) {
                            decisions.record($0)
                        }
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                            wrappingChannelSynchronously: channel)
                    }
                }
            status = .success(
                try await channel.executeThenClose { inbound, outbound in
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: host)
                    headers.add(name: "Connection", value: "close")
                    try? await outbound.write(
                        .head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/", headers: headers)))
                    try? await outbound.write(.end(nil))
                    var code = 0
                    for try await part in inbound {
                        if case .head(let head) = part { code = Int(head.status.code) }
                    }
                    return code
                })
        } catch {
            status = .failure(error)
        }
        let served = server.requestsServed
        try await server.stop()
        return (status, decisions.last, served)
    }

    @Test("pinned servers pass, by name over IPv4 and by address over IPv6 (no SNI for an address)")
    func pinnedServerPasses() async throws {
        let pinned = [try pki.leafPins()]
        let byName = try await get(
            .good, host: "localhost", evaluator: TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: pinned)
        )
        #expect(try byName.status.get() == 200)
        #expect(byName.decision?.verdict == .trusted && byName.decision?.validatedChain.count == 3)

        let byAddress = try await get(
            .good, host: "::1", evaluator: TrustEvaluator(anchors: .only([pki.root.certificate])), listenOn: "::1")
        #expect(try byAddress.status.get() == 200)
    }

    @Test("a proxy CA the device trusts is refused by the pins, with Rampart's reason in the pipeline's error")
    func rogueChainIsRefusedWithTheReason() async throws {
        let evaluator = TrustEvaluator(
            anchors: .only([pki.root.certificate, pki.rogueRoot.certificate]),
            pinning: [try pki.leafPins()])
        let outcome = try await get(.rogue, host: "localhost", evaluator: evaluator)
        #expect(outcome.served == 0, "no request may reach a server Rampart refused")
        #expect(outcome.decision?.verdict == .rejected)
        guard case .failure(let error) = outcome.status, let rejected = error as? TrustRejectedError else {
            Issue.record("expected TrustRejectedError, got \(outcome.status)")
            return
        }
        #expect(rejected.host.name == "localhost" && rejected.decision.pinMismatch != nil)
        #expect(rejected.description.contains("Rampart refused the certificate chain of localhost"))
    }

    @Test(
        "chains that fail validation are refused without any pin: unknown root, another host's name, expired",
        arguments: [LabScenario.rogue, .wrongHost, .expired])
    func invalidChainsAreRefused(scenario: LabScenario) async throws {
        let outcome = try await get(
            scenario, host: "localhost", evaluator: TrustEvaluator(anchors: .only([pki.root.certificate])))
        #expect(outcome.served == 0)
        guard case .failure(let error) = outcome.status, let rejected = error as? TrustRejectedError else {
            Issue.record("expected TrustRejectedError, got \(outcome.status)")
            return
        }
        #expect(!rejected.decision.failures.isEmpty)
    }

    @Test("NIOSSL's host check cannot be switched off through the configuration")
    func partialVerificationIsRefused() throws {
        for mode in [CertificateVerification.noHostnameVerification, .none] {
            var configuration = TrustedTLSClient.defaultConfiguration
            configuration.certificateVerification = mode
            #expect(throws: TrustedTLSClient.ConfigurationError.self) {
                try TrustedTLSClient(
                    evaluator: TrustEvaluator(anchors: .only([pki.root.certificate])), configuration: configuration)
            }
        }
        #expect(TrustedTLSClient.defaultConfiguration.minimumTLSVersion == .tlsv12)
    }
}

/// The decisions a helper reported, from the event loop.
final class DecisionLog: Sendable {
    private let decisions = NIOLockedValueBox<[TrustDecision]>([])
    func record(_ decision: TrustDecision) { decisions.withLockedValue { $0.append(decision) } }
    var last: TrustDecision? { decisions.withLockedValue { $0.last } }
}
