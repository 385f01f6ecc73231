import SwiftASN1
import X509

/// One certificate as read from a file or the wire: its exact DER, and swift-certificates'
/// `Certificate` when that library decodes it.
///
/// swift-certificates refuses keys it cannot use (RSA under 2048 bits, DSA, Ed448, curves other
/// than P-256/P-384/P-521). Such a certificate is still read, by a walk of its DER with
/// swift-asn1 (names, validity, signature algorithm, extensions, SubjectPublicKeyInfo): enough to
/// show it and compute its pin, not to validate it. Bytes that are not a certificate are refused.
///
/// ```swift
/// for encoded in try CertificateFile.readEncoded(url) {
///     let summary = try CertificateSummary(encoded)
///     print(summary.spkiPin, encoded.certificate == nil ? "(not usable for trust decisions)" : "")
/// }
/// ```
public struct EncodedCertificate: Sendable, Hashable {
    /// The certificate's DER: as read, or as swift-certificates serializes a `Certificate`.
    public let derBytes: [UInt8]
    private let reading: Reading

    private enum Reading: Sendable {
        /// swift-certificates decoded it; the walk is kept for what that library does not expose
        /// (the signature algorithm's OID, the key's parameters).
        case decoded(Certificate, CertificateStructure?)
        /// Only the DER walk read it, and its key's description.
        case walked(CertificateStructure, PublicKeyDescription)
    }

    /// Reads one DER certificate, whatever its key.
    ///
    /// - Throws: `ASN1Error` when the bytes are not one DER certificate.
    public init(derEncoded bytes: [UInt8]) throws {
        derBytes = bytes
        if let certificate = try? Certificate(derEncoded: bytes) {
            reading = .decoded(certificate, try? CertificateStructure(derEncoded: bytes))
        } else {
            let structure = try CertificateStructure(derEncoded: bytes)
            reading = .walked(structure, try PublicKeyDescription(subjectPublicKeyInfo: structure.subjectPublicKeyInfo))
        }
    }

    /// Wraps a certificate swift-certificates already decoded.
    public init(_ certificate: Certificate) throws {
        derBytes = try certificate.derBytes
        reading = .decoded(certificate, try? CertificateStructure(derEncoded: derBytes))
    }

    /// swift-certificates' reading, or `nil` when that library refuses the certificate's key
    /// (such a certificate can be shown and pinned, not validated).
    /// The SubjectPublicKeyInfo as encoded in the certificate, whatever the key type.
    public var subjectPublicKeyInfo: [UInt8]? { structure?.subjectPublicKeyInfo }

    public var certificate: Certificate? {
        if case .decoded(let certificate, _) = reading { return certificate }
        return nil
    }

    /// The certificate's extensions (subject alternative names, basic constraints, …), read even
    /// when its key is not decodable.
    public var extensions: Certificate.Extensions {
        switch reading {
        case .decoded(let certificate, _): return certificate.extensions
        case .walked(let structure, _): return structure.extensions
        }
    }

    /// The SPKI pin. For a certificate swift-certificates decoded it is the pin RampartTrust's
    /// matcher computes (``SPKIPin/init(certificate:)``); otherwise it is SHA-256 of the
    /// SubjectPublicKeyInfo exactly as encoded, which is what `openssl pkey -pubin -outform der`
    /// hashes too.
    public var spkiPin: SPKIPin {
        get throws {
            switch reading {
            case .decoded(let certificate, _): return try SPKIPin(certificate: certificate)
            case .walked(let structure, _): return SPKIPin(subjectPublicKeyInfoDER: structure.subjectPublicKeyInfo)
            }
        }
    }

    /// The DER walk, when it succeeded (always, for a certificate swift-certificates refused).
    var structure: CertificateStructure? {
        switch reading {
        case .decoded(_, let structure): return structure
        case .walked(let structure, _): return structure
        }
    }

    /// The key's type, size and weakness, read from the SubjectPublicKeyInfo, for a certificate
    /// only the DER walk read.
    var walkedKey: PublicKeyDescription? {
        if case .walked(_, let key) = reading { return key }
        return nil
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.derBytes == rhs.derBytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(derBytes) }
}
