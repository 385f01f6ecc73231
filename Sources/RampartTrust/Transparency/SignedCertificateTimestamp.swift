import Foundation
import SwiftASN1
import X509

/// One Signed Certificate Timestamp (RFC 6962 §3.2): a log's promise to publish a certificate,
/// with the log's signature over it.
///
/// ```swift
/// let scts = try SignedCertificateTimestamp.embedded(in: try EncodedCertificate(derEncoded: leafDER))
/// print(scts.map { ($0.logID.base64, $0.date) })
/// ```
public struct SignedCertificateTimestamp: Sendable, Hashable {
    /// How the SCT reached the client.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// In the certificate, extension `1.3.6.1.4.1.11129.2.4.2` (signed over the precertificate).
        case embedded
        /// In the TLS handshake's `signed_certificate_timestamp` extension (signed over the certificate).
        case tlsExtension
        /// In a stapled OCSP response (signed over the certificate).
        case ocsp
    }

    /// The SCT version; 0 is v1, the only one defined.
    public var version: UInt8
    /// SHA-256 of the log's public key (SubjectPublicKeyInfo DER).
    public var logID: CTLogID
    /// Milliseconds since the Unix epoch, as the log wrote them.
    public var timestamp: UInt64
    /// `CtExtensions`, copied verbatim into the signed data (static-ct-api logs put a
    /// `leaf_index` there).
    public var extensions: [UInt8]
    /// TLS `HashAlgorithm` (4 is SHA-256).
    public var hashAlgorithm: UInt8
    /// TLS `SignatureAlgorithm` (1 is RSA, 3 is ECDSA).
    public var signatureAlgorithm: UInt8
    /// The signature, DER `Ecdsa-Sig-Value` for ECDSA.
    public var signature: [UInt8]
    /// How the SCT arrived.
    public var origin: Origin

    public init(
        version: UInt8 = 0, logID: CTLogID, timestamp: UInt64, extensions: [UInt8] = [], hashAlgorithm: UInt8 = 4,
        signatureAlgorithm: UInt8, signature: [UInt8], origin: Origin
    ) {
        self.version = version
        self.logID = logID
        self.timestamp = timestamp
        self.extensions = extensions
        self.hashAlgorithm = hashAlgorithm
        self.signatureAlgorithm = signatureAlgorithm
        self.signature = signature
        self.origin = origin
    }

    /// The timestamp as a date.
    public var date: Date { Date(timeIntervalSince1970: Double(timestamp) / 1000) }

    /// The extension that carries embedded SCTs.
    public static let extensionOID: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 11129, 2, 4, 2]

    /// Parses a `SignedCertificateTimestampList` (RFC 6962 §3.3): a 2-byte total length, then SCTs
    /// each with a 2-byte length. SCTs of a version other than v1 are skipped (their length lets
    /// the rest be read); an empty list, a length that overruns, or bytes after the list are refused.
    ///
    /// - Throws: ``TrustError/malformedSCTList(_:)``.
    public static func list(tlsEncoded bytes: some Collection<UInt8>, origin: Origin) throws(TrustError)
        -> [SignedCertificateTimestamp]
    {
        do throws(TLSReader.Failure) {
            // The bytes are read in place when they are an array or a slice of one (a certificate's
            // extension, a TLS or OCSP field): no copy, and no SCT's bytes copied before parsing.
            var outer = TLSReader(bytes as? ArraySlice<UInt8> ?? (bytes as? [UInt8])?[...] ?? ArraySlice(bytes))
            let body = try outer.vector(lengthBytes: 2, "the SCT list")
            guard outer.isAtEnd else {
                throw TLSReader.Failure(reason: "\(outer.remaining) bytes follow the SCT list")
            }
            guard !body.isEmpty else { throw TLSReader.Failure(reason: "the SCT list is empty") }
            var reader = TLSReader(body)
            var found: [SignedCertificateTimestamp] = []
            var index = 0
            while !reader.isAtEnd {
                let entry = try reader.vector(lengthBytes: 2, "SCT \(index)")
                guard !entry.isEmpty else { throw TLSReader.Failure(reason: "SCT \(index) is empty") }
                if let sct = try Self(serialized: entry, origin: origin) {
                    if found.isEmpty { found.reserveCapacity(4) }  // a certificate holds 2 to 5
                    found.append(sct)
                }
                index += 1
            }
            return found
        } catch {
            throw .malformedSCTList(error.reason)
        }
    }

    /// The SCTs embedded in `certificate`, or none when it has no SCT-list extension.
    ///
    /// - Throws: ``TrustError/malformedSCTList(_:)`` when the extension is there but malformed
    ///   (its value is an OCTET STRING wrapping the TLS-encoded list).
    public static func embedded(in certificate: EncodedCertificate) throws(TrustError) -> [SignedCertificateTimestamp] {
        try embedded(in: certificate.extensions)
    }

    /// The SCTs embedded in a certificate with these extensions.
    static func embedded(in extensions: Certificate.Extensions) throws(TrustError) -> [SignedCertificateTimestamp] {
        guard let found = extensions.first(where: { $0.oid == extensionOID }) else { return [] }
        let list: ASN1OctetString
        do {
            list = try ASN1OctetString(derEncoded: found.value)
        } catch {
            throw .malformedSCTList("the SCT extension does not hold an OCTET STRING: \(error)")
        }
        return try Self.list(tlsEncoded: list.bytes, origin: .embedded)
    }

    /// One serialized SCT, or `nil` for a version this library does not know (to be skipped).
    init?(serialized bytes: ArraySlice<UInt8>, origin: Origin) throws(TLSReader.Failure) {
        var reader = TLSReader(bytes)
        let version = UInt8(try reader.integer(bytes: 1, "the SCT version"))
        guard version == 0 else { return nil }
        self.version = version
        self.logID = CTLogID(Array(try reader.fixed(32, "the log ID")))
        self.timestamp = try reader.integer(bytes: 8, "the timestamp")
        self.extensions = Array(try reader.vector(lengthBytes: 2, "the SCT extensions"))
        self.hashAlgorithm = UInt8(try reader.integer(bytes: 1, "the hash algorithm"))
        self.signatureAlgorithm = UInt8(try reader.integer(bytes: 1, "the signature algorithm"))
        self.signature = Array(try reader.vector(lengthBytes: 2, "the signature"))
        guard reader.isAtEnd else {
            throw TLSReader.Failure(reason: "\(reader.remaining) bytes follow an SCT's signature")
        }
        self.origin = origin
    }

    /// The TLS encoding of this SCT (what a log returns from `add-chain`).
    public var serialized: [UInt8] {
        var writer = TLSWriter()
        writer.integer(UInt64(version), bytes: 1)
        writer.raw(logID.bytes)
        writer.integer(timestamp, bytes: 8)
        writer.vector(extensions, lengthBytes: 2)
        writer.integer(UInt64(hashAlgorithm), bytes: 1)
        writer.integer(UInt64(signatureAlgorithm), bytes: 1)
        writer.vector(signature, lengthBytes: 2)
        return writer.bytes
    }
}
