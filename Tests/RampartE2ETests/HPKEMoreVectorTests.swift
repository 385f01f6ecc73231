import Crypto
import Foundation
import Testing

/// The rest of RFC 9180's vectors that swift-crypto implements: DHKEM(P-256) and DHKEM(P-521) with
/// every KDF/AEAD in the file, and X25519 with AES-256-GCM and export-only, in all four modes, on
/// the receiver side (the first four encryptions of each entry, and every export).
@Suite("HPKE: RFC 9180 vectors, P-256, P-521, AES-256-GCM, export-only", .timeLimit(.minutes(10)))
struct HPKEMoreVectorTests {
    @Test("the fixture holds 80 entries in four modes")
    func fixture() {
        #expect(HPKEVector.more.count == 80)
        #expect(Set(HPKEVector.more.map(\.mode)) == [0, 1, 2, 3])
        #expect(Set(HPKEVector.more.map(\.kem_id)) == [0x10, 0x12, 0x20])
    }

    @Test("each vector opens and exports", arguments: HPKEVector.more)
    func vector(_ vector: HPKEVector) throws {
        let sk = Data(hex: vector.skRm)
        switch vector.kem_id {
        case 0x10:
            try Self.check(vector, key: try P256.KeyAgreement.PrivateKey(rawRepresentation: sk)) {
                try P256.KeyAgreement.PublicKey(x963Representation: $0)
            }
        case 0x12:
            try Self.check(vector, key: try P521.KeyAgreement.PrivateKey(rawRepresentation: sk)) {
                try P521.KeyAgreement.PublicKey(x963Representation: $0)
            }
        default:
            try Self.check(vector, key: try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: sk)) {
                try Curve25519.KeyAgreement.PublicKey(rawRepresentation: $0)
            }
        }
    }

    static func check<Key: HPKEDiffieHellmanPrivateKey>(
        _ vector: HPKEVector, key: Key, publicKey: (Data) throws -> Key.PublicKey
    ) throws {
        let suite = try #require(vector.ciphersuite)
        #expect(try key.publicKey.hpkeRepresentation(kem: suite.kem).hex == vector.pkRm, "\(vector) pkRm")
        let info = Data(hex: vector.info)
        let enc = Data(hex: vector.enc)
        let sender = try vector.pkSm.map { try publicKey(Data(hex: $0)) }
        var recipient: HPKE.Recipient
        switch (vector.psk.map { SymmetricKey(data: Data(hex: $0)) }, vector.psk_id.map { Data(hex: $0) }, sender) {
        case (nil, _, nil):
            recipient = try HPKE.Recipient(privateKey: key, ciphersuite: suite, info: info, encapsulatedKey: enc)
        case (let psk?, let pskID?, nil):
            recipient = try HPKE.Recipient(
                privateKey: key, ciphersuite: suite, info: info, encapsulatedKey: enc, presharedKey: psk,
                presharedKeyIdentifier: pskID)
        case (nil, _, let sender?):
            recipient = try HPKE.Recipient(
                privateKey: key, ciphersuite: suite, info: info, encapsulatedKey: enc, authenticatedBy: sender)
        case (let psk?, let pskID?, let sender?):
            recipient = try HPKE.Recipient(
                privateKey: key, ciphersuite: suite, info: info, encapsulatedKey: enc, authenticatedBy: sender,
                presharedKey: psk, presharedKeyIdentifier: pskID)
        default:
            Issue.record("\(vector): a psk without its id")
            return
        }
        if vector.aead_id != 0xffff {
            for (index, encryption) in vector.encryptions.enumerated() {
                let opened = try recipient.open(Data(hex: encryption.ct), authenticating: Data(hex: encryption.aad))
                #expect(opened.hex == encryption.pt, "\(vector), encryption \(index)")
            }
        }
        for export in vector.exports {
            let value = try recipient.exportSecret(
                context: Data(hex: export.exporter_context), outputByteCount: export.L)
            #expect(value.withUnsafeBytes { Data($0) }.hex == export.exported_value, "\(vector) export")
        }
    }
}
