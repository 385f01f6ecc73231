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
    /// Extensions SEQUENCE, its `[3]` wrapper and the TBS re-encoded; every other byte is copied
    /// as it is, in order (RFC 6962 §3.2: the precertificate's TBS without its poison is the
    /// certificate's TBS without its SCT list).
    ///
    /// A splice rather than a parse and a re-encoding: only the headers on the way to the
    /// extensions are read (`DERElement`), as the bytes are DER swift-asn1 or swift-certificates
    /// already parsed whole, and the result is written into one buffer of its exact size.
    static func tbsWithoutSCTList(tbsCertificate bytes: ArraySlice<UInt8>) throws(TrustError) -> [UInt8] {
        do throws(DERElement.Failure) {
            let tbs = try DERElement(in: bytes, at: bytes.startIndex)
            guard tbs.identifier == DERElement.sequence, tbs.encoded.upperBound == bytes.endIndex else {
                throw DERElement.Failure(description: "not one TBSCertificate SEQUENCE")
            }
            // The `[3]` field holding the Extensions SEQUENCE (the last field of a v3 TBSCertificate).
            var field = try tbs.child(after: nil, in: bytes)
            while let current = field, current.identifier != Self.extensionsTag {
                field = try tbs.child(after: current, in: bytes)
            }
            guard let wrapper = field, let list = try wrapper.child(after: nil, in: bytes),
                list.identifier & 0x20 != 0
            else { return Array(bytes) }
            // The SCT-list extensions' bytes (a certificate has one), and what the list keeps.
            var removed = 0
            var item = try list.child(after: nil, in: bytes)
            while let current = item {
                if try isSCTList(current, in: bytes) { removed += current.encoded.count }
                item = try list.child(after: current, in: bytes)
            }
            guard removed > 0 else { return Array(bytes) }
            let listLength = list.contents.count - removed
            let wrapperLength = DERElement.headerCount(length: listLength) + listLength
            let tbsLength =
                tbs.contents.count - wrapper.encoded.count + DERElement.headerCount(length: wrapperLength)
                + wrapperLength
            var output: [UInt8] = []
            output.reserveCapacity(DERElement.headerCount(length: tbsLength) + tbsLength)
            DERElement.appendHeader(identifier: tbs.identifier, length: tbsLength, to: &output)
            output.append(contentsOf: bytes[tbs.contents.lowerBound..<wrapper.encoded.lowerBound])
            DERElement.appendHeader(identifier: wrapper.identifier, length: wrapperLength, to: &output)
            DERElement.appendHeader(identifier: DERElement.sequence, length: listLength, to: &output)
            item = try list.child(after: nil, in: bytes)
            while let current = item {
                if try !isSCTList(current, in: bytes) { output.append(contentsOf: bytes[current.encoded]) }
                item = try list.child(after: current, in: bytes)
            }
            // Fields after `[3]` (none in X.509 v3) are kept; `[3]` holds nothing but the list.
            output.append(contentsOf: bytes[wrapper.encoded.upperBound..<tbs.contents.upperBound])
            return output
        } catch {
            throw .malformedCertificate(source: "the leaf", reason: "its TBSCertificate cannot be rebuilt: \(error)")
        }
    }

    /// `[3] EXPLICIT`, the TBSCertificate field that wraps the Extensions.
    private static let extensionsTag: UInt8 = 0xA3

    /// The DER of the SCT-list extension's OID, `1.3.6.1.4.1.11129.2.4.2`.
    private static let sctListOID: [UInt8] = [0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01, 0xD6, 0x79, 0x02, 0x04, 0x02]

    /// Whether an Extension (a SEQUENCE whose first element is its OID) is the SCT list: DER
    /// encodes an OID one way only, so its bytes are compared without decoding it.
    private static func isSCTList(_ item: DERElement, in bytes: ArraySlice<UInt8>) throws(DERElement.Failure) -> Bool {
        guard item.identifier & 0x20 != 0, let oid = try item.child(after: nil, in: bytes) else { return false }
        return bytes[oid.encoded].elementsEqual(sctListOID)
    }
}
