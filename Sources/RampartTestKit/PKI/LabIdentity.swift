import Foundation
import SwiftASN1
import X509

/// A certificate together with its private key, as the lab issued it.
///
/// ```swift
/// let pki = try LabPKI.shared()
/// let pem = try pki.root.certificatePEM       // hand it to `openssl -CAfile`
/// ```
public struct LabIdentity: Sendable {
    /// The certificate.
    public let certificate: Certificate
    /// The certificate's private key.
    public let privateKey: Certificate.PrivateKey
    /// The key type.
    public let keyAlgorithm: LabKeyAlgorithm

    public init(certificate: Certificate, privateKey: Certificate.PrivateKey, keyAlgorithm: LabKeyAlgorithm) {
        self.certificate = certificate
        self.privateKey = privateKey
        self.keyAlgorithm = keyAlgorithm
    }

    /// The certificate's DER bytes.
    public var certificateDER: [UInt8] {
        get throws {
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return serializer.serializedBytes
        }
    }

    /// The certificate as a PEM `CERTIFICATE` block.
    public var certificatePEM: String {
        get throws { try certificate.serializeAsPEM().pemString }
    }

    /// The private key as a PEM block (PKCS#8 or the key type's traditional form).
    public var privateKeyPEM: String {
        get throws { try privateKey.serializeAsPEM().pemString }
    }
}
