import Foundation
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import RampartTrust
import SwiftASN1
import Testing
import X509

@Suite("HTTPClient against lab servers")
struct HTTPClientTests {
    @Test("GET over TLS: status, body, TLS version, cipher, trust decision; the second request reuses the connection")
    func getAndKeepAlive() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        try await LabServer.withServer(LabServerConfiguration(chain: try LabHTTP.pki.chain(.good))) { server in
            let url = "https://localhost:\(server.port)/"
            let (first, body) = try await client.get(url)
            #expect(first.status == 200)
            #expect(String(decoding: body, as: UTF8.self) == "hello from the Rampart lab\n")
            #expect(first.connection.tlsVersion == "TLSv1.3")
            #expect(first.connection.cipherSuite?.hasPrefix("TLS_") == true)
            #expect(first.connection.trust?.verdict == .trusted)
            #expect(first.connection.reused == false)
            let (second, _) = try await client.get(url)
            #expect(second.connection.reused == true)
            #expect(server.requestsServed == 2)
        }
    }

    @Test("A cleartext URL is blocked by ATS before any connection is made")
    func cleartextBlocked() async throws {
        let client = try LabHTTP.client()
        do {
            guard let error = await LabHTTP.failure(client, "http://127.0.0.1:9/") else {
                Issue.record("cleartext was allowed")
                return
            }
            guard case .blockedByATS(let decision) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!decision.isAllowed)
            #expect(error.isPolicyOrTrust)
        }
    }

    @Test("A server whose CA is not trusted (a MITM) is refused with the reason")
    func untrustedIssuer() async throws {
        let client = try LabHTTP.client()
        try await LabServer.withServer(LabServerConfiguration(chain: try LabHTTP.pki.chain(.rogue))) { server in
            do {
                guard let error = await LabHTTP.failure(client, "https://localhost:\(server.port)/") else {
                    Issue.record("the rogue chain was trusted")
                    return
                }
                guard case .trustFailure(_, let decision) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(decision.failures.contains { if case .untrustedIssuer = $0 { true } else { false } })
            }
            #expect(server.requestsServed == 0)
        }
    }

    @Test("Additional trust policies apply to every handshake: a refusing policy stops the request before it is sent")
    func additionalPolicies() async throws {
        let refusing = try LabHTTP.client {
            $0.additionalTrustPolicies = AdditionalTrustPolicies { SubjectRefusal(refused: "good leaf") }
        }
        defer { refusing.shutdown() }
        let accepting = try LabHTTP.client {
            $0.additionalTrustPolicies = AdditionalTrustPolicies { SubjectRefusal(refused: "nobody") }
        }
        defer { accepting.shutdown() }
        try await LabServer.withServer(LabServerConfiguration(chain: try LabHTTP.pki.chain(.good))) { server in
            let url = "https://localhost:\(server.port)/"
            guard case .trustFailure(_, let decision) = await LabHTTP.failure(refusing, url) else {
                Issue.record("a refusing policy let the request through")
                return
            }
            #expect(decision.failures.contains { if case .additionalPolicy = $0 { true } else { false } })
            #expect(server.requestsServed == 0)
            let (response, _) = try await accepting.get(url)
            #expect(response.status == 200)
        }
    }

    @Test("Pins: the genuine key passes; a rogue CA the client trusts is refused with the served pins")
    func pinning() async throws {
        let pki = try LabHTTP.pki
        let client = try LabHTTP.client(pinning: [try LabHTTP.genuinePins()], extraRoots: [pki.rogueRoot.certificate])
        defer { client.shutdown() }
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            let (response, _) = try await client.get("https://localhost:\(server.port)/")
            #expect(response.status == 200)
        }
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.rogue))) { server in
            do {
                guard let error = await LabHTTP.failure(client, "https://localhost:\(server.port)/") else {
                    Issue.record("the pinned client accepted the rogue certificate")
                    return
                }
                let mismatch = try #require(error.pinMismatch)
                let rogue = try SPKIPin(certificate: pki.chain(.rogue).leaf.certificate)
                #expect(mismatch.served.first?.pin == rogue)
                #expect(error.description.contains(rogue.description))
            }
            #expect(server.requestsServed == 0)
        }
    }

    @Test("NSPinnedDomains from the ATS policy are enforced")
    func atsPinnedDomains() async throws {
        let pki = try LabHTTP.pki
        let genuine = try SPKIPin(certificate: pki.chain(.good).leaf.certificate)
        let pinned = ATSPinnedDomain(leafIdentities: [try #require(ATSPin(base64: genuine.base64))])
        let policy = ATSConfiguration(pinnedDomains: ["localhost": pinned])
        let client = try LabHTTP.client(policy: policy, extraRoots: [pki.rogueRoot.certificate])
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            #expect(await LabHTTP.failure(client, "https://localhost:\(server.port)/") == nil)
        }
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.rogue))) { server in
            #expect(await LabHTTP.failure(client, "https://localhost:\(server.port)/")?.isPolicyOrTrust == true)
        }
    }

    @Test("A policy whose NSPinnedDomains make no valid pin set stops the client from starting")
    func invalidPinnedDomains() throws {
        let pin = try #require(ATSPin(base64: Data(repeating: 7, count: 32).base64EncodedString()))
        let wildcard = ATSConfiguration(pinnedDomains: ["*.example.com": ATSPinnedDomain(leafIdentities: [pin])])
        #expect(throws: TrustError.self) { try LabHTTP.client(policy: wildcard) }
        let empty = ATSConfiguration(pinnedDomains: ["api.example.com": ATSPinnedDomain()])
        #expect(throws: TrustError.self) { try LabHTTP.client(policy: empty) }
    }

    @Test("A pin failure is reported (TrustKit JSON POST) in the background, once per window")
    func pinFailureReport() async throws {
        let pki = try LabHTTP.pki
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { collector in
            let reportURL = LabHTTP.url("https://127.0.0.1:\(collector.port)/report")
            let local = InMemoryReporter()
            let client = try LabHTTP.client(
                pinning: [try LabHTTP.genuinePins(reportURIs: [reportURL])], extraRoots: [pki.rogueRoot.certificate]
            ) {
                $0.reporting = PinFailureReporting(
                    app: ReportingApp(bundleID: "com.example.lab", version: "1.0"), additionalReporters: [local])
            }
            defer { client.shutdown() }
            try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.rogue))) { rogue in
                for _ in 0..<3 {
                    #expect(await LabHTTP.failure(client, "https://localhost:\(rogue.port)/")?.pinMismatch != nil)
                }
            }
            for _ in 0..<200 where await local.reports.isEmpty || collector.requestsServed == 0 {
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(collector.requestsServed == 1)
            let reports = await local.reports
            #expect(reports.count == 1)
            #expect(reports.first?.hostname == "localhost")
            #expect(reports.first?.validationResult == .failedNoMatchingPin)
        }
    }

    @Test(
        "A server offering only TLS 1.0 or 1.1 is blocked with the ATS reason; an exception lets it through",
        arguments: [("-tls1", TLSProtocolVersion.v1_0), ("-tls1_1", TLSProtocolVersion.v1_1)])
    func legacyTLSOnly(flag: String, version: TLSProtocolVersion) async throws {
        var configuration = OpenSSLServerConfiguration(chain: try LabHTTP.pki.chain(.good), securityLevel: 0)
        configuration.extraArguments = [flag]
        try await OpenSSLServer.withServer(configuration) { server in
            let client = try LabHTTP.client()
            do {
                guard let error = await LabHTTP.failure(client, "https://localhost:\(server.port)/") else {
                    Issue.record("TLS 1.0 was accepted")
                    return
                }
                guard case .tlsVersionRefused(_, let minimum, _) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(minimum == .v1_2)
            }
            let exception = ATSExceptionDomain(minimumTLSVersion: version)
            let relaxed = try LabHTTP.client(policy: ATSConfiguration(exceptionDomains: ["localhost": exception]))
            let (response, _) = try await relaxed.get("https://localhost:\(server.port)/")
            #expect(response.status == 200)
            #expect(response.connection.tlsVersion == version.rawValue)
        }
    }

    @Test("A server without forward-secret suites is blocked; NSExceptionRequiresForwardSecrecy NO allows it")
    func noForwardSecrecy() async throws {
        // An RSA leaf: RSA key exchange needs one.
        var configuration = OpenSSLServerConfiguration(chain: try LabHTTP.pki.chain(.rsa2048), disablesTLS13: true)
        configuration.extraArguments = ["-cipher", "AES128-GCM-SHA256"]
        try await OpenSSLServer.withServer(configuration) { server in
            let client = try LabHTTP.client()
            do {
                guard let error = await LabHTTP.failure(client, "https://localhost:\(server.port)/") else {
                    Issue.record("RSA key exchange was accepted")
                    return
                }
                guard case .forwardSecrecyRequired = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
            }
            let exception = ATSExceptionDomain(requiresForwardSecrecy: false)
            let relaxed = try LabHTTP.client(policy: ATSConfiguration(exceptionDomains: ["localhost": exception]))
            let (response, _) = try await relaxed.get("https://localhost:\(server.port)/")
            #expect(response.status == 200)
            #expect(response.connection.cipherSuite == "TLS_RSA_WITH_AES_128_GCM_SHA256")
        }
    }

    @Test(
        "Weak certificates from openssl s_server are refused: RSA-1024 leaf, SHA-1 signature",
        arguments: [
            LabScenario.rsa1024, .sha1Signed,
        ])
    func weakCertificates(scenario: LabScenario) async throws {
        let configuration = OpenSSLServerConfiguration(chain: try LabHTTP.pki.chain(scenario), securityLevel: 0)
        try await OpenSSLServer.withServer(configuration) { server in
            let error = try #require(await LabHTTP.failure(try LabHTTP.client(), "https://localhost:\(server.port)/"))
            guard case .trustFailure(_, let decision) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!decision.failures.isEmpty)
        }
    }
}

/// Refuses chains whose leaf subject contains `refused`.
private struct SubjectRefusal: VerifierPolicy, Sendable {
    let refused: String
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        String(describing: chain.leaf.subject).contains(refused) ? .failsToMeetPolicy(reason: "refused") : .meetsPolicy
    }
}
