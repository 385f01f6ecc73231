import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// What a person needs to know about a certificate to pin it: names, key, signature, validity,
/// both pins, and what makes it weak.
///
/// Certificates whose key swift-certificates refuses (RSA under 2048 bits, DSA, Ed448,
/// secp256k1, brainpool, P-192, …) are summarized too, from a walk of their DER
/// (``EncodedCertificate``).
///
/// ```swift
/// for certificate in try CertificateFile.readEncoded(url) {
///     let summary = try CertificateSummary(certificate)
///     print(summary.subject, summary.keyType, summary.keyBits, summary.spkiPin, summary.weaknesses)
/// }
/// ```
public struct CertificateSummary: Sendable, Codable, Hashable {
    public var subject: String
    public var issuer: String
    /// `RSA`, `EC P-256`, `EC P-384`, `EC P-521` or `Ed25519` for keys swift-certificates decodes;
    /// otherwise `RSA`, `RSA-PSS`, `DSA`, `Ed448`, `X25519`, `X448`, `DH`, `EC <curve>` (`EC
    /// secp256k1`, `EC P-192`, `EC brainpoolP256r1`, or the curve's OID) or `unknown (<OID>)`.
    public var keyType: String
    /// The key size in bits (RSA modulus, DSA/DH prime, curve size); 0 when it cannot be told.
    public var keyBits: Int
    /// The algorithm the issuer signed with.
    public var signatureAlgorithm: SignatureAlgorithmName
    public var notValidBefore: Date
    public var notValidAfter: Date
    /// The SPKI pin (`sha256/…`).
    public var spkiPin: SPKIPin
    /// SHA-256 of the certificate's DER, hex (a whole-certificate pin).
    public var certificateSHA256: String
    /// Whether the certificate is a CA.
    public var isCertificateAuthority: Bool
    /// Why the key or the signature is weak (RSA under 2048 bits, any DSA key, curves under 224
    /// bits, MD5 or SHA-1 signatures); empty when nothing is known to be weak.
    public var weaknesses: [String]

    public init(_ certificate: Certificate) throws {
        try self.init(EncodedCertificate(certificate))
    }

    /// Reads and summarizes one DER certificate, whatever its key.
    ///
    /// - Throws: `ASN1Error` when the bytes are not one DER certificate.
    public init(derEncoded bytes: [UInt8]) throws {
        try self.init(EncodedCertificate(derEncoded: bytes))
    }

    public init(_ encoded: EncodedCertificate) throws {
        let structure = encoded.structure
        let key: PublicKeyDescription?
        if let certificate = encoded.certificate {
            subject = String(describing: certificate.subject)
            issuer = String(describing: certificate.issuer)
            (keyType, keyBits) = Self.describeKey(certificate.publicKey)
            signatureAlgorithm = try Self.signatureAlgorithm(of: certificate, structure: structure)
            notValidBefore = certificate.notValidBefore
            notValidAfter = certificate.notValidAfter
            spkiPin = try SPKIPin(certificate: certificate)
            certificateSHA256 = Self.hex(SHA256.hash(data: try certificate.derBytes))
            var serializer = DER.Serializer()
            try serializer.serialize(certificate.publicKey)
            key = try? PublicKeyDescription(subjectPublicKeyInfo: serializer.serializedBytes)
        } else if let structure, let description = encoded.walkedKey {
            subject = String(describing: structure.subject)
            issuer = String(describing: structure.issuer)
            (keyType, keyBits) = (description.type, description.bits)
            signatureAlgorithm = SignatureAlgorithmName(structure.signatureAlgorithm)
            notValidBefore = structure.notValidBefore
            notValidAfter = structure.notValidAfter
            spkiPin = SPKIPin(subjectPublicKeyInfoDER: structure.subjectPublicKeyInfo)
            certificateSHA256 = Self.hex(SHA256.hash(data: encoded.derBytes))
            key = description
        } else {
            throw ASN1Error.invalidASN1Object(
                reason: "a certificate read neither by swift-certificates nor by its DER walk")
        }
        if case .isCertificateAuthority = try encoded.extensions.basicConstraints {
            isCertificateAuthority = true
        } else {
            isCertificateAuthority = false
        }
        weaknesses = [key?.weakness, signatureAlgorithm.weakness]
            .compactMap { $0 }
    }

    /// Whole days from `time` until the certificate expires, rounded down (negative once it has).
    ///
    /// ```swift
    /// if summary.daysToExpiry(at: Date()) < 30 { print("renew", summary.subject) }
    /// ```
    public func daysToExpiry(at time: Date = Date()) -> Int { Self.daysToExpiry(notValidAfter, at: time) }

    /// Whole days from `time` until `notValidAfter`, rounded down: the one count of days to expiry
    /// that summaries, pin health and diagnostics report.
    public static func daysToExpiry(_ notValidAfter: Date, at time: Date) -> Int {
        let days = (notValidAfter.timeIntervalSince(time) / 86_400).rounded(.down)
        return days.isFinite ? Int(max(min(days, Double(Int32.max)), Double(Int32.min))) : 0
    }

    /// The signature algorithm's OID from the DER walk; swift-certificates' reading when the walk
    /// did not read the certificate.
    private static func signatureAlgorithm(of certificate: Certificate, structure: CertificateStructure?) throws
        -> SignatureAlgorithmName
    {
        if let structure { return SignatureAlgorithmName(structure.signatureAlgorithm) }
        let spelled = String(describing: certificate.signatureAlgorithm)
        guard let name = SignatureAlgorithmName(qualifiedName: spelled) else {
            throw ASN1Error.invalidASN1Object(reason: "an unreadable signature algorithm: \(spelled)")
        }
        return name
    }

    static func describeKey(_ key: Certificate.PublicKey) -> (String, Int) {
        if let rsa = _RSA.Signing.PublicKey(key) { return ("RSA", rsa.keySizeInBits) }
        if P256.Signing.PublicKey(key) != nil { return ("EC P-256", 256) }
        if P384.Signing.PublicKey(key) != nil { return ("EC P-384", 384) }
        if P521.Signing.PublicKey(key) != nil { return ("EC P-521", 521) }
        if Curve25519.Signing.PublicKey(key) != nil { return ("Ed25519", 256) }
        return ("unknown", 0)
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
