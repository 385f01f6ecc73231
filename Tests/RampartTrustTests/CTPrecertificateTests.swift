import Crypto
import Foundation
import RampartTrust
import SwiftASN1
import Testing
import X509

/// The precertificate a log signed for an embedded SCT (RFC 6962 §3.2) is the certificate's
/// TBSCertificate without its SCT list: the rebuilt TBS must be byte for byte the one
/// swift-certificates writes for the same certificate issued without that extension, wherever the
/// extension sits and whatever length forms its removal changes.
@Suite("Certificate Transparency: the rebuilt precertificate")
struct CTPrecertificateTests {
    static let key = P256.Signing.PrivateKey()

    /// Three private extensions of a few bytes each, with an SCT-list extension of `sctBytes`
    /// bytes inserted at `position` when one is given.
    static func extensions(sctAt position: Int?, sctBytes: Int) throws -> Certificate.Extensions {
        var list = try (1...3).map { index in
            var value = DER.Serializer()
            try value.serialize(ASN1OctetString(contentBytes: ArraySlice(repeating: UInt8(index), count: 5)))
            return Certificate.Extension(
                oid: [1, 3, 6, 1, 4, 1, 55555, 1, UInt(index)], critical: false, value: value.serializedBytes[...])
        }
        if let position {
            var value = DER.Serializer()
            try value.serialize(ASN1OctetString(contentBytes: ArraySlice(repeating: 0xA5, count: sctBytes)))
            list.insert(
                Certificate.Extension(
                    oid: SignedCertificateTimestamp.extensionOID, critical: false, value: value.serializedBytes[...]),
                at: position)
        }
        return try Certificate.Extensions(list)
    }

    /// A self-signed certificate whose TBSCertificate depends only on `extensions` (the serial,
    /// dates, names and key are fixed).
    static func certificate(_ extensions: Certificate.Extensions) throws -> Certificate {
        let name = try DistinguishedName { CommonName("precertificate") }
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: [0x01, 0x02, 0x03]),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date(timeIntervalSince1970: 1_750_000_000),
            notValidAfter: Date(timeIntervalSince1970: 1_760_000_000), issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: Certificate.PrivateKey(key))
    }

    static func rebuilt(_ certificate: Certificate) throws -> [UInt8] {
        let entry = try CTSignedEntry.precertificate(
            leafDER: try certificate.derBytes, issuerSubjectPublicKeyInfoDER: [0x30, 0x00])
        guard case .precertificate(_, let tbs) = entry else {
            Issue.record("not a precertificate entry: \(entry)")
            return []
        }
        return tbs
    }

    // SCT lists of 10, 200 and 70,000 bytes: the Extensions SEQUENCE, its [3] wrapper and the TBS
    // change between short, one-, two- and three-octet length forms when the list goes.
    @Test(
        "the SCT list first, in the middle or last, small or large: the TBS without it, byte for byte",
        arguments: [0, 1, 3], [10, 200, 70_000])
    func withoutSCTList(position: Int, sctBytes: Int) throws {
        let leaf = try Self.certificate(try Self.extensions(sctAt: position, sctBytes: sctBytes))
        let expected = try Self.certificate(try Self.extensions(sctAt: nil, sctBytes: 0)).tbsCertificateBytes
        #expect(leaf.tbsCertificateBytes.count > expected.count + sctBytes)
        #expect(try Self.rebuilt(leaf) == Array(expected))
    }

    @Test("a certificate without an SCT list: its TBS as it is")
    func noSCTList() throws {
        let leaf = try Self.certificate(try Self.extensions(sctAt: nil, sctBytes: 0))
        #expect(try Self.rebuilt(leaf) == Array(leaf.tbsCertificateBytes))
    }

    @Test("bytes that are not a certificate are refused as a malformed leaf", arguments: [[], [0x30, 0x03, 0x02]])
    func notACertificate(bytes: [UInt8]) {
        #expect {
            try CTSignedEntry.precertificate(leafDER: bytes, issuerSubjectPublicKeyInfoDER: [])
        } throws: { error in
            guard case TrustError.malformedCertificate(let source, _) = error else { return false }
            return source == "the leaf"
        }
    }
}
