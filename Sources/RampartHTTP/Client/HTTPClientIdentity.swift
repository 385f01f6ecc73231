import NIOSSL
import RampartTrust
import SwiftASN1
import X509

/// A client certificate chain and its private key, presented to a server that asks for one
/// (mutual TLS). Set it for one origin with ``HTTPClientConfiguration/setClientIdentity(_:for:)``:
/// it is sent to that scheme, host and port only, never to another origin a redirect leads to.
///
/// The key never touches a file: it comes from PEM bytes (`SigningKey/init(pemEncoded:source:)`),
/// from a vault, or from swift-crypto directly.
///
/// ```swift
/// let chain = try CertificateFile.read(URL(fileURLWithPath: "client.pem"))   // leaf first
/// let key = try SigningKey(pemEncoded: Array(try Data(contentsOf: keyURL)), source: "client.key")
/// var configuration = HTTPClientConfiguration()
/// try configuration.setClientIdentity(
///     try HTTPClientIdentity(certificateChain: chain, privateKey: key), for: URL(string: "https://api.example.com")!)
/// ```
public struct HTTPClientIdentity: Sendable, Hashable {
    /// The client's certificate first, then the intermediates the server needs to reach its CA.
    public let certificateChain: [Certificate]
    /// The private key of the first certificate.
    public let privateKey: SigningKey

    /// - Throws: `SigningKeyError/emptyCertificateChain` for no certificate, and
    ///   `SigningKeyError/doesNotMatchCertificate(source:certificate:)` when `privateKey` is not
    ///   the first certificate's key (`keySource` names the key in that message).
    public init(certificateChain: [Certificate], privateKey: SigningKey, keySource: String = "the private key")
        throws(SigningKeyError)
    {
        guard let leaf = certificateChain.first else { throw .emptyCertificateChain }
        try privateKey.check(matches: leaf, source: keySource)
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }

    /// The client certificate's subject, as `-v` and events show it.
    public var subject: String { certificateChain.first.map { "\($0.subject)" } ?? "" }

    /// Identities are the same when their chains are: a chain's first certificate fixes the key.
    public static func == (lhs: HTTPClientIdentity, rhs: HTTPClientIdentity) -> Bool {
        lhs.certificateChain == rhs.certificateChain
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(certificateChain)
    }

    /// The chain and key as NIOSSL's TLS configuration takes them.
    func nioSSLMaterial() throws -> ([NIOSSLCertificateSource], NIOSSLPrivateKeySource) {
        let certificates = try certificateChain.map { certificate -> NIOSSLCertificateSource in
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return .certificate(try NIOSSLCertificate(bytes: serializer.serializedBytes, format: .der))
        }
        let pem: String
        switch privateKey {
        case .p256(let key): pem = key.pemRepresentation
        case .p384(let key): pem = key.pemRepresentation
        case .rsa(let key): pem = key.pemRepresentation
        }
        return (certificates, .privateKey(try NIOSSLPrivateKey(bytes: Array(pem.utf8), format: .pem)))
    }
}
