/// Why a private key could not be read, or cannot be used with a certificate: thrown by
/// ``SigningKey/init(pemEncoded:source:)`` and ``SigningKey/check(matches:source:)``.
///
/// ```swift
/// do {
///     let key = try SigningKey(pemEncoded: bytes, source: "client.key")
/// } catch .encrypted(let source) {
///     print("\(source) is encrypted; decrypt it first")
/// }
/// ```
public enum SigningKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes hold no private key block, or the block does not decode as the key its label names.
    case malformed(source: String, reason: String)
    /// The key is encrypted (PKCS#8 `ENCRYPTED PRIVATE KEY`, or OpenSSL's legacy `Proc-Type: 4,ENCRYPTED`).
    case encrypted(source: String)
    /// The key decodes, but is of a kind TLS client authentication here does not take (`kind`:
    /// "a P-521 key", "an Ed25519 key", "an RSA key of 1024 bits"…).
    case unsupported(source: String, kind: String)
    /// The key is not the private half of the certificate's public key.
    case doesNotMatchCertificate(source: String, certificate: String)
    /// A certificate chain with no certificate.
    case emptyCertificateChain

    public var description: String {
        switch self {
        case .malformed(let source, let reason):
            return
                "\(source): not a private key: \(reason); give a PEM PRIVATE KEY, EC PRIVATE KEY or RSA PRIVATE KEY block"
        case .encrypted(let source):
            return
                "\(source): the private key is encrypted; decrypt it first (openssl pkey -in FILE -out PLAIN.pem), "
                + "or import it into a vault and use it from there"
        case .unsupported(let source, let kind):
            return
                "\(source): \(kind) cannot sign a TLS client handshake here; use a P-256, P-384 or RSA (2048 bits or more) key"
        case .doesNotMatchCertificate(let source, let certificate):
            return
                "\(source): the private key does not belong to the certificate \(certificate) "
                + "(its public key differs); give the key the certificate was issued for"
        case .emptyCertificateChain:
            return "the client certificate chain is empty; give at least the client's own certificate"
        }
    }
}
