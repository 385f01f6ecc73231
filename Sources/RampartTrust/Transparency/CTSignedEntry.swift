import Crypto
import Foundation
import SwiftASN1

/// What a log signed for an SCT (RFC 6962 §3.2): the whole certificate for an SCT delivered by TLS
/// or OCSP (`x509_entry`), or, for an embedded SCT, the issuer's key hash and the certificate's
/// TBSCertificate without its SCT list (`precert_entry`), which is the precertificate the log saw.
///
/// ```swift
/// let entry = try CTSignedEntry.precertificate(leafDER: leaf, issuerSubjectPublicKeyInfoDER: issuerSPKI)
/// let signed = entry.signedData(for: sct)
/// ```
public enum CTSignedEntry: Sendable, Hashable {
    /// `x509_entry`: the certificate's DER.
    case certificate([UInt8])
    /// `precert_entry`: SHA-256 of the issuer's SPKI, and the rebuilt TBSCertificate.
    case precertificate(issuerKeyHash: [UInt8], tbsCertificate: [UInt8])

    /// The entry for an embedded SCT of `leafDER`, whose issuer (the next certificate of the path,
    /// even when a precertificate signing certificate signed the precertificate) has the SPKI
    /// `issuerSubjectPublicKeyInfoDER`.
    ///
    /// - Throws: ``TrustError/malformedCertificate(source:reason:)`` when the leaf is not DER.
    public static func precertificate(leafDER: [UInt8], issuerSubjectPublicKeyInfoDER: [UInt8]) throws(TrustError)
        -> CTSignedEntry
    {
        let tbs: ArraySlice<UInt8>
        do {
            let certificate = try DER.parse(leafDER)
            guard case .constructed(let parts) = certificate.content, let first = parts.first(where: { _ in true })
            else { throw ASN1Error.invalidASN1Object(reason: "not a certificate SEQUENCE") }
            tbs = first.encodedBytes
        } catch {
            throw .malformedCertificate(source: "the leaf", reason: "its TBSCertificate cannot be rebuilt: \(error)")
        }
        return try precertificate(tbsCertificate: tbs, issuerSubjectPublicKeyInfoDER: issuerSubjectPublicKeyInfoDER)
    }

    /// The entry for an embedded SCT from the leaf's TBSCertificate alone (as swift-certificates
    /// keeps it: `Certificate.tbsCertificateBytes`), so a decoded certificate is not re-encoded.
    static func precertificate(tbsCertificate: ArraySlice<UInt8>, issuerSubjectPublicKeyInfoDER: some DataProtocol)
        throws(TrustError) -> CTSignedEntry
    {
        .precertificate(
            issuerKeyHash: Array(SHA256.hash(data: issuerSubjectPublicKeyInfoDER)),
            tbsCertificate: try tbsWithoutSCTList(tbsCertificate: tbsCertificate))
    }

    /// SHA-256 of ``signedData(for:)``, hashed piece by piece: a log's signature is verified over
    /// this digest without copying the entry (a whole TBSCertificate) once per SCT.
    func digest(for sct: SignedCertificateTimestamp) -> SHA256Digest {
        var hasher = SHA256()
        func integer(_ value: UInt64, bytes count: Int) {
            withUnsafeBytes(of: value.bigEndian) {
                hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[(8 - count)...]))
            }
        }
        integer(UInt64(sct.version), bytes: 1)
        integer(0, bytes: 1)  // signature_type: certificate_timestamp
        integer(sct.timestamp, bytes: 8)
        switch self {
        case .certificate(let der):
            integer(0, bytes: 2)
            integer(UInt64(der.count), bytes: 3)
            hasher.update(data: der)
        case .precertificate(let issuerKeyHash, let tbs):
            integer(1, bytes: 2)
            hasher.update(data: issuerKeyHash)
            integer(UInt64(tbs.count), bytes: 3)
            hasher.update(data: tbs)
        }
        integer(UInt64(sct.extensions.count), bytes: 2)
        hasher.update(data: sct.extensions)
        return hasher.finalize()
    }

    /// The bytes the log signed for `sct` over this entry.
    public func signedData(for sct: SignedCertificateTimestamp) -> [UInt8] {
        var writer = TLSWriter()
        writer.integer(UInt64(sct.version), bytes: 1)
        writer.integer(0, bytes: 1)  // signature_type: certificate_timestamp
        writer.integer(sct.timestamp, bytes: 8)
        switch self {
        case .certificate(let der):
            writer.integer(0, bytes: 2)
            writer.vector(der, lengthBytes: 3)
        case .precertificate(let issuerKeyHash, let tbs):
            writer.integer(1, bytes: 2)
            writer.raw(issuerKeyHash)
            writer.vector(tbs, lengthBytes: 3)
        }
        writer.vector(sct.extensions, lengthBytes: 2)
        return writer.bytes
    }

    /// The leaf's TBSCertificate with the SCT-list extension removed and the lengths of the
    /// Extensions SEQUENCE, its `[3]` wrapper and the TBS re-encoded; every other element is
    /// copied byte for byte, in order.
    static func tbsWithoutSCTList(tbsCertificate: ArraySlice<UInt8>) throws(TrustError) -> [UInt8] {
        do {
            let tbs = try DER.parse(tbsCertificate)
            guard tbs.identifier == .sequence, case .constructed(let fields) = tbs.content
            else { throw ASN1Error.invalidASN1Object(reason: "not a TBSCertificate SEQUENCE") }
            let extensionsTag = ASN1Identifier(tagWithNumber: 3, tagClass: .contextSpecific)
            var serializer = DER.Serializer()
            try serializer.appendConstructedNode(identifier: .sequence) { tbsOut in
                for field in fields {
                    guard field.identifier == extensionsTag, case .constructed(let wrapped) = field.content,
                        let list = wrapped.first(where: { _ in true }), case .constructed(let extensions) = list.content
                    else {
                        tbsOut.serializeRawBytes(field.encodedBytes)
                        continue
                    }
                    try tbsOut.appendConstructedNode(identifier: extensionsTag) { wrapper in
                        try wrapper.appendConstructedNode(identifier: .sequence) { out in
                            for item in extensions {
                                if try isSCTList(item) { continue }
                                out.serializeRawBytes(item.encodedBytes)
                            }
                        }
                    }
                }
            }
            return serializer.serializedBytes
        } catch {
            throw .malformedCertificate(source: "the leaf", reason: "its TBSCertificate cannot be rebuilt: \(error)")
        }
    }

    private static func isSCTList(_ node: ASN1Node) throws -> Bool {
        guard case .constructed(let parts) = node.content, let first = parts.first(where: { _ in true }) else {
            return false
        }
        return try ASN1ObjectIdentifier(derEncoded: first) == SignedCertificateTimestamp.extensionOID
    }
}
