#if AsyncHTTPClient  // Package.swift's AsyncHTTPClient trait: without it this module is empty and resolves nothing.
    import AsyncHTTPClient
    import Foundation
    import NIOConcurrencyHelpers
    import NIOHTTP1
    import NIOSSL
    import RampartTestKit
    import RampartTrust
    import Testing
    import X509

    @testable import RampartAsyncHTTPClient

    /// AsyncHTTPClient with leaf pins, against a lab TLS server on loopback that BoringSSL trusts (the
    /// client's trust roots are the lab's roots): the pins are the only thing that can refuse.
    @Suite("AsyncHTTPClient with leaf pins")
    struct LeafPinsTests {
        let pki: LabPKI

        init() throws { pki = try LabPKI.shared() }

        /// The HTTP version a lab server offers, and with it AsyncHTTPClient's connection path (and debug
        /// initializer) that the pins run in.
        enum Wire: String, CaseIterable, CustomTestStringConvertible, Sendable {
            case http1_1 = "HTTP/1.1"
            case http2 = "HTTP/2"
            var testDescription: String { rawValue }
        }

        /// One GET to a lab server presenting `scenario` over `wire`, through a client set up as the
        /// README shows: the status and HTTP version of the response, or the error.
        func get(_ scenario: LabScenario, over wire: Wire = .http1_1, pins: AsyncHTTPClientLeafPins) async throws -> (
            Result<(status: UInt, version: HTTPVersion), any Error>, served: Int
        ) {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates(
                try [pki.root.certificate, pki.rogueRoot.certificate].map {
                    try NIOSSLCertificate(bytes: Array($0.serializeAsPEM().pemString.utf8), format: .pem)
                })
            var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
            pins.install(in: &configuration)
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            let chain = try pki.chain(scenario)
            let port: Int
            let served: @Sendable () -> Int
            let stop: @Sendable () async throws -> Void
            switch wire {
            case .http1_1:
                let server = try await LabServer.start(LabServerConfiguration(chain: chain))
                (port, served, stop) = (server.port, { server.requestsServed }, { try await server.stop() })
            case .http2:
                let server = try await HTTP2LabServer.start(chain: chain)
                (port, served, stop) = (server.port, { server.requestsServed }, { try await server.stop() })
            }
            let outcome: Result<(status: UInt, version: HTTPVersion), any Error>
            do {
                let response = try await client.execute(
                    HTTPClientRequest(url: "https://localhost:\(port)/"), timeout: .seconds(30))
                outcome = .success((response.status.code, response.version))
            } catch {
                outcome = .failure(error)
            }
            let answered = served()
            try await client.shutdown()
            try await stop()
            return (outcome, answered)
        }

        @Test("the pinned leaf is served: the request goes through", arguments: Wire.allCases)
        func pinnedLeafPasses(over wire: Wire) async throws {
            let (outcome, served) = try await get(
                .good, over: wire, pins: try AsyncHTTPClientLeafPins([try pki.leafPins()]))
            let response = try outcome.get()
            #expect(response.status == 200)
            #expect(response.version == (wire == .http2 ? .http2 : .http1_1))
            #expect(served == 1)
        }

        @Test(
            "a rogue leaf that BoringSSL accepts is refused by the pins before any request byte is sent",
            arguments: Wire.allCases)
        func rogueLeafIsRefused(over wire: Wire) async throws {
            let (outcome, served) = try await get(
                .rogue, over: wire, pins: try AsyncHTTPClientLeafPins([try pki.leafPins()]))
            #expect(served == 0)
            guard case .failure(let error) = outcome, let mismatch = error as? LeafPinMismatchError else {
                Issue.record("expected LeafPinMismatchError, got \(outcome)")
                return
            }
            #expect(mismatch.domain == "localhost")
            #expect(mismatch.decision.pinMismatch?.served.first?.subject.contains("rogue leaf") == true)
            #expect(mismatch.description.contains("does not match the pins for localhost"))
        }

        /// What `onDecision` was called with: the pinned domain and the decision's verdict and pin mismatch.
        final class DecisionLog: Sendable {
            private let entries = NIOLockedValueBox<[(domain: String, decision: TrustDecision)]>([])
            var all: [(domain: String, decision: TrustDecision)] { entries.withLockedValue { $0 } }
            var record: @Sendable (String, TrustDecision) -> Void {
                { domain, decision in self.entries.withLockedValue { $0.append((domain, decision)) } }
            }
        }

        @Test(
            "onDecision is called with the pinned domain and the decision: trusted on success", arguments: Wire.allCases
        )
        func onDecisionOnSuccess(over wire: Wire) async throws {
            let log = DecisionLog()
            let pins = try AsyncHTTPClientLeafPins([try pki.leafPins()], onDecision: log.record)
            let (outcome, served) = try await get(.good, over: wire, pins: pins)
            #expect(try outcome.get().status == 200)
            #expect(served == 1)
            let decisions = log.all
            #expect(decisions.map(\.domain) == [LabPKI.hostName], "one connection, one decision")
            #expect(decisions.first?.decision.verdict == .trusted)
            #expect(decisions.first?.decision.pinMismatch == nil)
        }

        @Test("onDecision is called with the refusal before the request fails", arguments: Wire.allCases)
        func onDecisionOnRefusal(over wire: Wire) async throws {
            let log = DecisionLog()
            let pins = try AsyncHTTPClientLeafPins([try pki.leafPins()], onDecision: log.record)
            let (outcome, served) = try await get(.rogue, over: wire, pins: pins)
            #expect(served == 0)
            guard case .failure(let error) = outcome, let mismatch = error as? LeafPinMismatchError else {
                Issue.record("expected LeafPinMismatchError, got \(outcome)")
                return
            }
            let decisions = log.all
            #expect(decisions.map(\.domain) == [LabPKI.hostName])
            let decision = try #require(decisions.first?.decision)
            #expect(decision.verdict == .rejected)
            #expect(decision.pinMismatch?.served.first?.subject.contains("rogue leaf") == true)
            #expect(
                decision.pinMismatch == mismatch.decision.pinMismatch, "the callback saw the decision the error carries"
            )
        }

        @Test(
            "a leaf that matches the requested host's pins is refused when it names another pinned domain it does not match",
            arguments: Wire.allCases)
        func anotherPinnedDomainOfTheLeafMustMatchToo(over wire: Wire) async throws {
            // The lab leaf is valid for localhost and 127.0.0.1; the request goes to localhost, whose pins
            // it matches, but 127.0.0.1 is pinned to two other keys.
            let log = DecisionLog()
            let pins = try AsyncHTTPClientLeafPins(
                [try pki.leafPins(for: LabPKI.hostName), try pki.leafPins(for: "127.0.0.1", [.rsa2048, .p384])],
                onDecision: log.record)
            let (outcome, served) = try await get(.good, over: wire, pins: pins)
            #expect(served == 0)
            guard case .failure(let error) = outcome, let mismatch = error as? LeafPinMismatchError else {
                Issue.record("expected LeafPinMismatchError, got \(outcome)")
                return
            }
            #expect(mismatch.domain == "127.0.0.1")
            #expect(mismatch.description.contains("does not match the pins for 127.0.0.1"), "\(mismatch.description)")
            #expect(log.all.map(\.domain) == [LabPKI.hostName, "127.0.0.1"])
            #expect(log.all.map(\.decision.verdict) == [.trusted, .rejected])
        }

        @Test("a host without pins is not checked")
        func unpinnedHostPasses() async throws {
            let elsewhere = try pki.leafPins(for: "api.example.com")
            let (outcome, _) = try await get(.rogue, pins: try AsyncHTTPClientLeafPins([elsewhere]))
            #expect(try outcome.get().status == 200)
        }

        @Test("CA pins and any-position pins are refused when the pins are made: they cannot be checked here")
        func nonLeafPinsAreRefused() throws {
            let key = try SPKIPin(certificate: pki.root.certificate)
            let backup = try SPKIPin(certificate: pki.rogueRoot.certificate)
            for scope in [PinnedHost.ScopedPin.Scope.ca, .any] {
                let entry = try PinnedHost(
                    domain: "localhost", pins: [.init(key, scope: scope), .init(backup, scope: scope)])
                #expect(
                    throws: AsyncHTTPClientLeafPins.ConfigurationError.pinNotOnLeaf(domain: "localhost", scope: scope)
                ) {
                    try AsyncHTTPClientLeafPins([entry])
                }
            }
        }

        @Test("which pinned domains a certificate's names bring in, wildcards included")
        func applicability() throws {
            let pin = try SPKIPin(certificate: pki.chain(.good).leaf.certificate)
            let pins: [PinnedHost.ScopedPin] = [
                .init(pin, scope: .leaf),
                .init(try SPKIPin(certificate: pki.chain(.p384).leaf.certificate), scope: .leaf),
            ]
            let exact = try PinnedHost(domain: "api.example.com", pins: pins)
            let subdomains = try PinnedHost(domain: "example.com", coverage: .oneLevelOfSubdomains, pins: pins)
            let deeper = try PinnedHost(domain: "x.api.example.com", pins: pins)
            #expect(AsyncHTTPClientLeafPins.entry(exact, applies: "api.example.com"))
            #expect(AsyncHTTPClientLeafPins.entry(exact, applies: "*.example.com"))
            #expect(AsyncHTTPClientLeafPins.entry(subdomains, applies: "*.example.com"))
            #expect(!AsyncHTTPClientLeafPins.entry(deeper, applies: "*.example.com"))
            #expect(!AsyncHTTPClientLeafPins.entry(exact, applies: "www.example.org"))
            let names = AsyncHTTPClientLeafPins.names(in: try pki.chain(.good).leaf.certificate)
            #expect(names.contains("localhost") && names.contains("127.0.0.1"))
        }

        @Test(
            "an IPv6 subject alternative name is read as a URL writes the address; an IPv6 pinned domain is refused clearly"
        )
        func ipv6Names() throws {
            let leaf = try pki.chain(.good).leaf.certificate
            // The lab leaf names 127.0.0.1 and ::1 (16 bytes): before, only 4-byte addresses were read.
            let names = AsyncHTTPClientLeafPins.names(in: leaf)
            #expect(names.contains("::1") && names.contains("127.0.0.1"))
            let pins: [PinnedHost.ScopedPin] = [.init(try SPKIPin(certificate: leaf), scope: .leaf)]
            #expect(throws: TrustError.self) { try PinnedHost(domain: "[::1]", pins: pins, requiresBackupPin: false) }
        }

        @Test("a wildcard brings in the entries whose coverage reaches the names it stands for")
        func wildcardCoverage() throws {
            let pins: [PinnedHost.ScopedPin] = [
                .init(try SPKIPin(certificate: pki.chain(.good).leaf.certificate), scope: .leaf),
                .init(try SPKIPin(certificate: pki.chain(.p384).leaf.certificate), scope: .leaf),
            ]
            let oneLevel = try PinnedHost(domain: "example.com", coverage: .oneLevelOfSubdomains, pins: pins)
            let anyDepth = try PinnedHost(domain: "example.com", coverage: .anyDepthOfSubdomains, pins: pins)
            let exactHost = try PinnedHost(domain: "example.com", pins: pins)
            #expect(AsyncHTTPClientLeafPins.entry(oneLevel, applies: "*.example.com"))
            #expect(!AsyncHTTPClientLeafPins.entry(oneLevel, applies: "*.api.example.com"))
            #expect(AsyncHTTPClientLeafPins.entry(anyDepth, applies: "*.api.example.com"))
            #expect(!AsyncHTTPClientLeafPins.entry(exactHost, applies: "*.example.com"))
            #expect(AsyncHTTPClientLeafPins.entry(anyDepth, applies: "*.EXAMPLE.com."))
        }
    }
#endif  // AsyncHTTPClient
