#if GRPC  // Package.swift's GRPC trait: without it this module is empty and resolves nothing.
    import Foundation
    import GRPCCore
    import GRPCNIOTransportHTTP2Posix
    import RampartGRPC
    import RampartPolicy
    import RampartTestKit
    import RampartTrust
    import RampartTrustNIO
    import Synchronization
    import Testing

    /// A gRPC echo service over TLS on loopback, with the lab PKI's certificates, and clients whose
    /// transport security is `.rampart(…)`, as the README shows it.
    @Suite("gRPC with Rampart's verification")
    struct GRPCTrustTests {
        let pki: LabPKI

        init() throws { pki = try LabPKI.shared() }

        /// Serves `scenario`'s chain, calls Echo/Get once through `security` with `authority` as the
        /// call's authority, and returns the echo or the error, with the number of calls the service saw.
        func echo(
            _ scenario: LabScenario, authority: String = LabPKI.hostName,
            security: HTTP2ClientTransport.Posix.TransportSecurity
        ) async throws -> (Result<[UInt8], any Error>, calls: Int) {
            let chain = try pki.chain(scenario)
            let service = EchoService()
            let serverTransport = HTTP2ServerTransport.Posix(
                address: .ipv4(host: "127.0.0.1", port: 0),
                transportSecurity: .tls(
                    certificateChain: try chain.served.map {
                        .bytes(Array(try $0.serializeAsPEM().pemString.utf8), format: .pem)
                    },
                    privateKey: .bytes(Array(try chain.leaf.privateKeyPEM.utf8), format: .pem)))
            let outcome = try await withGRPCServer(transport: serverTransport, services: [service]) { server in
                guard let port = try await server.listeningAddress?.ipv4?.port else {
                    throw RPCError(code: .internalError, message: "the server has no IPv4 address")
                }
                var config = HTTP2ClientTransport.Posix.Config.defaults
                config.http2.authority = authority
                let transport = try HTTP2ClientTransport.Posix(
                    target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: security, config: config)
                var options = CallOptions.defaults
                // A bound against a hang, not a speed test: in the full suite on two cores the call can wait
                // more than 30 s for a thread while a thousand other tests run (it did, in CI).
                options.timeout = .seconds(300)
                options.waitForReady = false
                do {
                    let reply = try await withGRPCClient(transport: transport) { client in
                        try await client.unary(
                            request: ClientRequest(message: Array("ping".utf8)), descriptor: EchoService.get,
                            serializer: RawBytes(), deserializer: RawBytes(), options: options
                        ) { response in try response.message }
                    }
                    return Result<[UInt8], any Error>.success(reply)
                } catch {
                    return .failure(error)
                }
            }
            return (outcome, service.calls)
        }

        @Test("a client pinned to the server's key gets its echo")
        func pinnedClientConnects() async throws {
            let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [try pki.leafPins()])
            let (reply, calls) = try await echo(
                .good, security: .rampart(host: ATSHost("localhost"), evaluator: evaluator))
            #expect(try reply.get() == Array("ping".utf8))
            #expect(calls == 1)
        }

        @Test("a rogue chain is refused with Rampart's reason, and no call reaches the service")
        func rogueChainIsRefused() async throws {
            let trust = TrustVerificationCallback(
                evaluator: TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [try pki.leafPins()]),
                host: ATSHost("localhost"))
            let (reply, calls) = try await echo(.rogue, security: .rampart(trust))
            #expect(calls == 0)
            guard case .failure(let error) = reply else {
                Issue.record("the rogue chain was accepted")
                return
            }
            #expect((error as? RPCError)?.code == .unavailable)
            #expect(trust.lastDecision?.verdict == .rejected)
            #expect(trust.lastDecision?.failures.contains { $0.code == "untrustedIssuer" } == true)
        }

        @Test("a valid chain whose key is not pinned is refused for the pins")
        func pinMismatchIsRefused() async throws {
            // Both roots trusted, as when a proxy's CA is installed: only the pins tell the chains apart.
            let trust = TrustVerificationCallback(
                evaluator: TrustEvaluator(
                    anchors: .only([pki.root.certificate, pki.rogueRoot.certificate]), pinning: [try pki.leafPins()]),
                host: ATSHost("localhost"))
            let (reply, calls) = try await echo(.rogue, security: .rampart(trust))
            #expect(calls == 0)
            #expect((try? reply.get()) == nil)
            #expect(trust.lastDecision?.pinMismatch != nil)
            #expect(trust.lastDecision?.failures.map(\.code) == ["pinMismatch"])
        }

        /// A server presenting a chain the anchors trust, for a name other than the host the client asked for.
        struct WrongHost: Sendable, CustomTestStringConvertible {
            let scenario: LabScenario
            let host: String
            var testDescription: String { "\(host) served \(scenario.rawValue)'s leaf" }
        }

        @Test(
            "a certificate that does not name the host is refused with Rampart's reason, and no call reaches the service",
            arguments: [
                WrongHost(scenario: .wrongHost, host: LabPKI.hostName),  // the leaf names wrong-host.invalid only
                WrongHost(scenario: .good, host: "api.example.com"),  // the leaf names localhost and loopback IPs
            ])
        func wrongHostIsRefused(_ wrong: WrongHost) async throws {
            let trust = TrustVerificationCallback(
                evaluator: TrustEvaluator(anchors: .only([pki.root.certificate])), host: ATSHost(wrong.host))
            let (reply, calls) = try await echo(wrong.scenario, authority: wrong.host, security: .rampart(trust))
            #expect(calls == 0)
            guard case .failure(let error) = reply else {
                Issue.record("a certificate that does not name \(wrong.host) was accepted")
                return
            }
            #expect((error as? RPCError)?.code == .unavailable, "\(error)")
            let decision = try #require(trust.lastDecision, "Rampart's callback made no decision")
            #expect(decision.verdict == .rejected)
            #expect(decision.failures.map(\.code) == ["hostMismatch"], "\(decision.failures)")
        }

        @Test("pins of another name the certificate is valid for do not stand in for the host's own pins")
        func anotherPinnedNameDoesNotVouchForTheHost() async throws {
            // The lab leaf is valid for localhost and 127.0.0.1: localhost is pinned to its key, 127.0.0.1 to two others.
            let pinning = [
                try pki.leafPins(for: LabPKI.hostName), try pki.leafPins(for: "127.0.0.1", [.rsa2048, .p384]),
            ]
            let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: pinning)
            let trust = TrustVerificationCallback(evaluator: evaluator, host: ATSHost("127.0.0.1"))
            // The authority stays localhost: NIOSSL refuses an IP address as SNI before any handshake.
            let (refused, refusedCalls) = try await echo(.good, security: .rampart(trust))
            #expect(refusedCalls == 0)
            guard case .failure(let error) = refused else {
                Issue.record("a leaf that does not match 127.0.0.1's pins was accepted for 127.0.0.1")
                return
            }
            #expect((error as? RPCError)?.code == .unavailable, "\(error)")
            #expect(trust.lastDecision?.verdict == .rejected)
            #expect(trust.lastDecision?.pinMismatch?.pinnedDomains == ["127.0.0.1"])
            #expect(trust.lastDecision?.failures.map(\.code) == ["pinMismatch"])
            // The same server and leaf through the name whose pins it matches gets its echo.
            let (echoed, calls) = try await echo(
                .good, security: .rampart(host: ATSHost(LabPKI.hostName), evaluator: evaluator))
            #expect(try echoed.get() == Array("ping".utf8))
            #expect(calls == 1)
        }
    }

    /// Messages as raw bytes: no code generation needed for an echo service.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)  // grpc-swift 2's floor; the package's is lower
    struct RawBytes: MessageSerializer, MessageDeserializer {
        func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes { Bytes(message) }
        func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
            serializedMessageBytes.withUnsafeBytes { Array($0) }
        }
    }

    /// Echoes every message back and counts the calls.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)  // grpc-swift 2's floor; the package's is lower
    final class EchoService: RegistrableRPCService {
        static let get = MethodDescriptor(fullyQualifiedService: "rampart.test.Echo", method: "Get")
        private let count = Mutex(0)
        var calls: Int { count.withLock { $0 } }

        func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
            router.registerHandler(forMethod: Self.get, deserializer: RawBytes(), serializer: RawBytes()) {
                request, _ in
                self.count.withLock { $0 += 1 }
                return StreamingServerResponse { writer in
                    for try await message in request.messages { try await writer.write(message) }
                    return [:]
                }
            }
        }
    }
#endif  // GRPC
