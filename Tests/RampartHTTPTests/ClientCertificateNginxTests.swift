import Foundation
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing

/// Client certificates (mutual TLS) against a real nginx with `ssl_verify_client`: the identity
/// set for an origin is presented there, over HTTP/1.1 and HTTP/2, and nowhere else.
@Suite("Client certificates against nginx")
struct ClientCertificateNginxTests {
    /// nginx trusting the lab root for clients, in `mode`.
    static func nginx(http2: Bool, mode: NginxClientVerification.Mode = .on) throws -> NginxServerConfiguration {
        let pki = try LabHTTP.pki
        return NginxServerConfiguration(
            chain: try pki.chain(.good), http2: http2,
            clientVerification: NginxClientVerification(mode: mode, trusting: [pki.root.certificate]))
    }

    /// An identity made as a user makes it: the key read back from its PEM.
    static func identity(_ lab: LabIdentity) throws -> HTTPClientIdentity {
        let key = try SigningKey(pemEncoded: Array(try lab.privateKeyPEM.utf8), source: "client.key")
        return try HTTPClientIdentity(certificateChain: [lab.certificate], privateKey: key)
    }

    static func client(
        version: HTTPVersionPreference, identity: HTTPClientIdentity?, for origin: String
    ) throws -> HTTPClient {
        try LabHTTP.client { configuration in
            configuration.httpVersion = version
            if let identity { try? configuration.setClientIdentity(identity, for: LabHTTP.url(origin)) }
        }
    }

    @Test(
        "The right identity is accepted over HTTP/2 and HTTP/1.1, with P-256, P-384 and RSA keys",
        arguments: [(true, LabKeyAlgorithm.p256), (false, .p256), (true, .rsa2048), (false, .rsa2048), (true, .p384)])
    func accepted(http2: Bool, algorithm: LabKeyAlgorithm) async throws {
        let lab = try LabHTTP.pki.clientIdentity(algorithm, name: "mtls \(algorithm)")
        try await NginxServer.withServer(try Self.nginx(http2: http2)) { nginx in
            let origin = "https://localhost:\(nginx.tlsPort)"
            let client = try Self.client(
                version: http2 ? .http2Only : .http1Only, identity: try Self.identity(lab), for: origin)
            defer { client.shutdown() }
            let (response, body) = try await client.get(origin + "/client-verify")
            #expect(response.status == 200)
            #expect(response.connection.negotiatedProtocol == (http2 ? "h2" : "http/1.1"))
            let text = String(decoding: body, as: UTF8.self)
            #expect(text.hasPrefix("SUCCESS "), "\(text)")
            #expect(text.contains("mtls \(algorithm)"), "\(text)")
        }
    }

    @Test("Without an identity, or with one from another CA, nginx refuses the request", arguments: [true, false])
    func refused(http2: Bool) async throws {
        let rogue = try LabHTTP.pki.clientIdentity(.p256, name: "rogue client", issuedBy: .rogueRoot)
        try await NginxServer.withServer(try Self.nginx(http2: http2)) { nginx in
            let origin = "https://localhost:\(nginx.tlsPort)"
            let cases: [(HTTPClientIdentity?, String)] = [
                (nil, "No required SSL certificate was sent"), (try Self.identity(rogue), "The SSL certificate error"),
            ]
            for (identity, said) in cases {
                let client = try Self.client(version: .automatic, identity: identity, for: origin)
                defer { client.shutdown() }
                let (response, body) = try await client.get(origin + "/client-verify")
                #expect(response.status == 400)
                #expect(String(decoding: body, as: UTF8.self).contains(said))
            }
        }
    }

    @Test("An identity set for another port or host is not presented", arguments: [true, false])
    func scopedToItsOrigin(http2: Bool) async throws {
        let lab = try LabHTTP.pki.clientIdentity(.p256)
        try await NginxServer.withServer(try Self.nginx(http2: http2, mode: .optional)) { nginx in
            for origin in [
                "https://localhost:\(nginx.tlsPort == 443 ? 444 : 443)", "https://127.0.0.1:\(nginx.tlsPort)",
            ] {
                let client = try Self.client(version: .automatic, identity: try Self.identity(lab), for: origin)
                defer { client.shutdown() }
                let (_, body) = try await client.get("https://localhost:\(nginx.tlsPort)/client-verify")
                #expect(String(decoding: body, as: UTF8.self).hasPrefix("NONE"), "identity for \(origin)")
            }
        }
    }

    @Test("A redirect to another origin connects without the identity", arguments: [true, false])
    func redirectToAnotherOrigin(http2: Bool) async throws {
        let lab = try LabHTTP.pki.clientIdentity(.p256)
        try await NginxServer.withServer(try Self.nginx(http2: http2, mode: .optional)) { nginx in
            let origin = "https://localhost:\(nginx.tlsPort)"
            let client = try Self.client(version: .automatic, identity: try Self.identity(lab), for: origin)
            defer { client.shutdown() }
            let (direct, directBody) = try await client.get(origin + "/client-verify")
            #expect(direct.status == 200)
            #expect(String(decoding: directBody, as: UTF8.self).hasPrefix("SUCCESS"))
            let (redirected, body) = try await client.get(origin + "/redirect-to-ip/client-verify")
            #expect(redirected.hops.map(\.host) == ["localhost", "127.0.0.1"])
            #expect(
                String(decoding: body, as: UTF8.self).hasPrefix("NONE"), "the other origin saw a client certificate")
        }
    }

    @Test("setClientIdentity refuses a cleartext origin")
    func cleartextRefused() throws {
        let identity = try Self.identity(try LabHTTP.pki.clientIdentity(.p256))
        var configuration = HTTPClientConfiguration()
        #expect(throws: HTTPClientError.self) {
            try configuration.setClientIdentity(identity, for: LabHTTP.url("http://localhost:8080/"))
        }
        #expect(configuration.clientIdentities.isEmpty)
    }
}
