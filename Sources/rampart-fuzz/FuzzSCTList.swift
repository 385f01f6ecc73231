// Fuzzes the Signed Certificate Timestamp list parser (`SignedCertificateTimestamp.list`), the
// bytes a server or a certificate hands a client: every SCT it returns serializes back to bytes
// that parse to the same SCT.
import Foundation
import RampartTrust

enum FuzzSCTList {
    static let target = FuzzTarget(
        name: "sct-list", maxLength: 4096,
        summary: "SignedCertificateTimestamp.list: RFC 6962 SCT lists from certificates, TLS and OCSP", run: run)

    static func run(_ data: Data) {
        guard let scts = try? SignedCertificateTimestamp.list(tlsEncoded: data, origin: .tlsExtension) else { return }
        let name = target.name
        for sct in scts {
            FuzzCheck.require(sct.version == 0 && sct.logID.bytes.count == 32, name, "an SCT that is not v1 was kept")
            let bytes = sct.serialized
            let list = [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
            let again = try? SignedCertificateTimestamp.list(
                tlsEncoded: [UInt8(list.count >> 8), UInt8(list.count & 0xFF)] + list, origin: .tlsExtension)
            FuzzCheck.require(again == [sct], name, "an SCT does not survive serializing and parsing again")
        }
    }
}
