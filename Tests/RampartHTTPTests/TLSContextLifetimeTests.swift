import Foundation
import RampartHTTP
import RampartTestKit
import RampartTrust
import Testing

/// A TLS context made with a client identity holds the identity's private key: it belongs to the
/// client that set the identity and goes when that client shuts down, never into the process-wide
/// cache that outlives every client.
@Suite("TLS contexts with a client identity", .timeLimit(.minutes(10)))
struct TLSContextLifetimeTests {
    @Test("A client's identity context is its own, and is dropped when the client shuts down")
    func identityContextEndsWithItsClient() async throws {
        let lab = try LabHTTP.pki.clientIdentity(.p256, name: "context lifetime")
        let key = try SigningKey(pemEncoded: Array(try lab.privateKeyPEM.utf8), source: "client.key")
        let identity = try HTTPClientIdentity(certificateChain: [lab.certificate], privateKey: key)
        try await LabServer.withServer(LabServerConfiguration(chain: try LabHTTP.pki.chain(.good))) { server in
            let origin = "https://localhost:\(server.port)"
            let client = try LabHTTP.client { configuration in
                configuration.timeouts = HTTPTimeouts(all: .seconds(10))
                try? configuration.setClientIdentity(identity, for: LabHTTP.url(origin))
            }
            let (response, _) = try await client.get(origin + "/")
            #expect(response.status == 200)
            #expect(client.tlsContexts.contextCount(for: identity) == 1)
            #expect(TLSContextCache.shared.contextCount(for: identity) == 0)
            client.shutdown()
            #expect(client.tlsContexts.contextCount(for: identity) == 0)
            #expect(TLSContextCache.shared.contextCount(for: identity) == 0)
        }
    }
}
