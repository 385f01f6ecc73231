// Fuzzes the precertificate rebuild of Certificate Transparency (`CTSignedEntry.precertificate`,
// RFC 6962 §3.2): for every certificate Rampart reads, the TBSCertificate spliced without its SCT
// list (headers walked by `DERElement`, the rest copied) is byte for byte the one a full swift-asn1
// parse re-serialized without that extension gives, and a certificate without the extension keeps
// its TBSCertificate as it is.
import Foundation
import RampartTrust
import SwiftASN1

enum FuzzCTPrecertificate {
    static let target = FuzzTarget(
        name: "ct-precertificate", maxLength: 16 * 1024,
        summary: "CTSignedEntry.precertificate: a certificate's TBSCertificate without its SCT list", run: run)

    static func run(_ data: Data) {
        let bytes = [UInt8](data)
        // The certificates a check meets: ones Rampart reads (swift-certificates may refuse the key).
        guard (try? EncodedCertificate(derEncoded: bytes)) != nil else { return }
        let name = target.name
        let entry: CTSignedEntry
        do {
            entry = try CTSignedEntry.precertificate(leafDER: bytes, issuerSubjectPublicKeyInfoDER: [0x30, 0x00])
        } catch {
            FuzzCheck.fail(name, "a certificate Rampart reads has no precertificate: \(error)")
        }
        guard case .precertificate(_, let spliced) = entry else {
            FuzzCheck.fail(name, "a precertificate entry of another kind")
        }
        let reference = try? referenceTBS(leafDER: bytes)
        FuzzCheck.require(reference == spliced, name, "the spliced TBSCertificate differs from a full re-serialization")
    }

    /// The TBSCertificate without its SCT-list extensions, by a full parse and a re-serialization
    /// (what Rampart did before the splice): the oracle.
    static func referenceTBS(leafDER: [UInt8]) throws -> [UInt8] {
        guard case .constructed(let parts) = try DER.parse(leafDER).content,
            let tbsNode = parts.first(where: { _ in true }),
            case .constructed(let fields) = tbsNode.content
        else { throw ASN1Error.invalidASN1Object(reason: "not a certificate") }
        let extensionsTag = ASN1Identifier(tagWithNumber: 3, tagClass: .contextSpecific)
        var serializer = DER.Serializer()
        serializer.appendConstructedNode(identifier: .sequence) { tbs in
            for field in fields {
                guard field.identifier == extensionsTag, case .constructed(let wrapped) = field.content,
                    let list = wrapped.first(where: { _ in true }), case .constructed(let extensions) = list.content
                else {
                    tbs.serializeRawBytes(field.encodedBytes)
                    continue
                }
                tbs.appendConstructedNode(identifier: extensionsTag) { wrapper in
                    wrapper.appendConstructedNode(identifier: .sequence) { out in
                        for item in extensions {
                            if case .constructed(let itemParts) = item.content,
                                let oid = itemParts.first(where: { _ in true }),
                                (try? ASN1ObjectIdentifier(derEncoded: oid)) == SignedCertificateTimestamp.extensionOID
                            {
                                continue
                            }
                            out.serializeRawBytes(item.encodedBytes)
                        }
                    }
                }
            }
        }
        return serializer.serializedBytes
    }
}
