import Crypto
import Foundation
import Testing

/// RFC 9180's own vectors against swift-crypto's HPKE, which RampartE2E is built on: every mode
/// (base, psk, auth, auth_psk) for DHKEM(X25519) with HKDF-SHA256/SHA512 and AES-128-GCM /
/// ChaCha20-Poly1305, on the receiver side (swift-crypto draws its own ephemeral keys, so the
/// sender side round-trips instead).
@Suite("HPKE: RFC 9180 vectors", .timeLimit(.minutes(10)))
struct HPKEVectorTests {
    @Test("the fixture holds all 16 X25519 entries")
    func fixture() {
        #expect(HPKEVector.all.count == 16)
        #expect(Set(HPKEVector.all.map(\.mode)) == [0, 1, 2, 3])
    }

    @Test("each vector opens, exports and round-trips", arguments: HPKEVector.all)
    func vector(_ vector: HPKEVector) throws {
        let suite = try #require(vector.ciphersuite)
        let recipientKey = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: Data(hex: vector.skRm))
        #expect(recipientKey.publicKey.rawRepresentation.hex == vector.pkRm)
        let info = Data(hex: vector.info)
        let enc = Data(hex: vector.enc)
        let psk = vector.psk.map { SymmetricKey(data: Data(hex: $0)) }
        let pskID = vector.psk_id.map { Data(hex: $0) }
        let senderKey = try vector.pkSm.map { try Curve25519.KeyAgreement.PublicKey(rawRepresentation: Data(hex: $0)) }
        var recipient: HPKE.Recipient
        switch (vector.mode, psk, pskID, senderKey) {
        case (0, _, _, _):
            recipient = try HPKE.Recipient(
                privateKey: recipientKey, ciphersuite: suite, info: info, encapsulatedKey: enc)
        case (1, let psk?, let pskID?, _):
            recipient = try HPKE.Recipient(
                privateKey: recipientKey, ciphersuite: suite, info: info, encapsulatedKey: enc, presharedKey: psk,
                presharedKeyIdentifier: pskID)
        case (2, _, _, let senderKey?):
            recipient = try HPKE.Recipient(
                privateKey: recipientKey, ciphersuite: suite, info: info, encapsulatedKey: enc,
                authenticatedBy: senderKey)
        case (3, let psk?, let pskID?, let senderKey?):
            recipient = try HPKE.Recipient(
                privateKey: recipientKey, ciphersuite: suite, info: info, encapsulatedKey: enc,
                authenticatedBy: senderKey, presharedKey: psk, presharedKeyIdentifier: pskID)
        default:
            Issue.record("\(vector): a mode without its inputs")
            return
        }
        #expect(vector.encryptions.count == 257)
        for (index, encryption) in vector.encryptions.enumerated() {
            let opened = try recipient.open(Data(hex: encryption.ct), authenticating: Data(hex: encryption.aad))
            #expect(opened.hex == encryption.pt, "\(vector), encryption \(index)")
        }
        for export in vector.exports {
            let value = try recipient.exportSecret(
                context: Data(hex: export.exporter_context), outputByteCount: export.L)
            #expect(value.withUnsafeBytes { Data($0) }.hex == export.exported_value, "\(vector) export")
        }
        // Sender side: a fresh ephemeral key, so a round trip (in the same mode) instead of bytes.
        var sender: HPKE.Sender
        var opener: HPKE.Recipient
        let senderPrivate = Curve25519.KeyAgreement.PrivateKey()
        switch vector.mode {
        case 0, 1:
            sender =
                vector.mode == 0
                ? try HPKE.Sender(recipientKey: recipientKey.publicKey, ciphersuite: suite, info: info)
                : try HPKE.Sender(
                    recipientKey: recipientKey.publicKey, ciphersuite: suite, info: info, presharedKey: psk!,
                    presharedKeyIdentifier: pskID!)
            opener =
                vector.mode == 0
                ? try HPKE.Recipient(
                    privateKey: recipientKey, ciphersuite: suite, info: info, encapsulatedKey: sender.encapsulatedKey)
                : try HPKE.Recipient(
                    privateKey: recipientKey, ciphersuite: suite, info: info, encapsulatedKey: sender.encapsulatedKey,
                    presharedKey: psk!, presharedKeyIdentifier: pskID!)
        default:
            sender =
                vector.mode == 2
                ? try HPKE.Sender(
                    recipientKey: recipientKey.publicKey, ciphersuite: suite, info: info,
                    authenticatedBy: senderPrivate)
                : try HPKE.Sender(
                    recipientKey: recipientKey.publicKey, ciphersuite: suite, info: info,
                    authenticatedBy: senderPrivate, presharedKey: psk!, presharedKeyIdentifier: pskID!)
            opener =
                vector.mode == 2
                ? try HPKE.Recipient(
                    privateKey: recipientKey, ciphersuite: suite, info: info, encapsulatedKey: sender.encapsulatedKey,
                    authenticatedBy: senderPrivate.publicKey)
                : try HPKE.Recipient(
                    privateKey: recipientKey, ciphersuite: suite, info: info, encapsulatedKey: sender.encapsulatedKey,
                    authenticatedBy: senderPrivate.publicKey, presharedKey: psk!, presharedKeyIdentifier: pskID!)
        }
        let pt = Data(hex: vector.encryptions[0].pt)
        let ct = try sender.seal(pt, authenticating: Data("aad".utf8))
        #expect(try opener.open(ct, authenticating: Data("aad".utf8)) == pt)
    }
}
