import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// What a person needs to know about a certificate to pin it: names, key, signature, validity
/// and both pins.
///
/// ```swift
/// for certificate in try CertificateFile.read(url) {
///     let summary = try CertificateSummary(certificate)
///     print(summary.subject, summary.keyType, summary.keyBits, summary.spkiPin)
/// }
/// ```
public struct CertificateSummary: Sendable, Codable, Hashable {
    public var subject: String
    public var issuer: String
    /// `RSA`, `EC P-256`, `EC P-384`, `EC P-521` or `Ed25519`.
    public var keyType: String
    public var keyBits: Int
    public var signatureAlgorithm: String
    public var notValidBefore: Date
    public var notValidAfter: Date
    /// The SPKI pin (`sha256/…`).
    public var spkiPin: SPKIPin
    /// SHA-256 of the certificate's DER, hex (a whole-certificate pin).
    public var certificateSHA256: String
    /// Whether the certificate is a CA.
    public var isCertificateAuthority: Bool

    public init(_ certificate: Certificate) throws {
        subject = String(describing: certificate.subject)
        issuer = String(describing: certificate.issuer)
        (keyType, keyBits) = Self.describeKey(certificate.publicKey)
        signatureAlgorithm = String(describing: certificate.signatureAlgorithm)
        notValidBefore = certificate.notValidBefore
        notValidAfter = certificate.notValidAfter
        spkiPin = try SPKIPin(certificate: certificate)
        certificateSHA256 = SHA256.hash(data: try certificate.derBytes).map { String(format: "%02x", $0) }.joined()
        if case .isCertificateAuthority = try certificate.extensions.basicConstraints {
            isCertificateAuthority = true
        } else {
            isCertificateAuthority = false
        }
    }

    static func describeKey(_ key: Certificate.PublicKey) -> (String, Int) {
        if let rsa = _RSA.Signing.PublicKey(key) { return ("RSA", rsa.keySizeInBits) }
        if P256.Signing.PublicKey(key) != nil { return ("EC P-256", 256) }
        if P384.Signing.PublicKey(key) != nil { return ("EC P-384", 384) }
        if P521.Signing.PublicKey(key) != nil { return ("EC P-521", 521) }
        if Curve25519.Signing.PublicKey(key) != nil { return ("Ed25519", 256) }
        return ("unknown", 0)
    }
}
