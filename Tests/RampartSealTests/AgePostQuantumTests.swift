import Crypto
import Foundation
import RampartSeal
import Testing

/// age's post-quantum hybrid recipients (`mlkem768x25519`, X-Wing): encodings, round trips and the
/// rules around them. The CCTV vectors (`AgeVectorTests`) pin the format itself; no installed peer
/// speaks it (Debian's `age` is 1.1.1 and pyrage 1.4.0 has only the `tag`/`tagpq` recipients).
@Suite("age v1: post-quantum recipients", .timeLimit(.minutes(10)))
struct AgePostQuantumTests {
    @Test("a post-quantum file round-trips", arguments: [0, 1, 65_536, 65_537, 200_000])
    func roundTrip(size: Int) throws {
        let identity = try MLKEM768X25519Identity.generate()
        let plaintext = SealTestSupport.payload(size)
        for armored in [false, true] {
            let sealed = try Age.encrypt(plaintext, to: [identity.recipient], armored: armored)
            #expect(try Age.decrypt(sealed, with: [identity]) == plaintext)
        }
    }

    @Test("the stanza is mlkem768x25519 with a 1120-byte enc and a 32-byte body")
    func stanzaShape() throws {
        let identity = try MLKEM768X25519Identity.generate()
        let stanza = try identity.recipient.wrap(fileKey: SymmetricKey(size: .bits128))
        #expect(stanza.type == "mlkem768x25519")
        #expect(stanza.arguments.count == 1)
        let argument = stanza.arguments[0]
        let padded = argument + String(repeating: "=", count: (4 - argument.count % 4) % 4)
        #expect(Data(base64Encoded: padded)?.count == 1120)
        #expect(stanza.body.count == 32)
    }

    @Test("recipient and identity strings round-trip, with age's prefixes and lengths")
    func encodings() throws {
        let identity = try MLKEM768X25519Identity.generate()
        let recipient = identity.recipient.description
        #expect(recipient.hasPrefix("age1pq1"))
        #expect(recipient.count == 1959)
        #expect(identity.secretText.hasPrefix("AGE-SECRET-KEY-PQ-1"))
        let reread = try MLKEM768X25519Identity(identity.secretText)
        #expect(reread.recipient.description == recipient)
        #expect(try MLKEM768X25519Recipient(recipient).description == recipient)
        #expect(try AgeKeyFile.recipient(recipient) is MLKEM768X25519Recipient)
        #expect(try AgeKeyFile.identity(identity.secretText) is MLKEM768X25519Identity)
    }

    @Test("a damaged recipient string is refused (checksum), and a classic one is not post-quantum")
    func badStrings() throws {
        let recipient = try MLKEM768X25519Identity.generate().recipient.description
        var characters = Array(recipient)
        characters[100] = characters[100] == "q" ? "p" : "q"
        #expect(throws: SealError.self) { try MLKEM768X25519Recipient(String(characters)) }
        #expect(throws: SealError.self) { try MLKEM768X25519Recipient(X25519Identity.generate().recipient.description) }
        #expect(throws: SealError.self) { try MLKEM768X25519Identity(X25519Identity.generate().secretText) }
        #expect(throws: SealError.self) { try X25519Identity(try MLKEM768X25519Identity.generate().secretText) }
    }

    @Test("post-quantum and classic recipients are never mixed in one file")
    func noMixing() throws {
        let pq = try MLKEM768X25519Identity.generate()
        let classic = X25519Identity.generate()
        #expect(throws: SealError.self) { try Age.encrypt(Data("x".utf8), to: [pq.recipient, classic.recipient]) }
        let other = try MLKEM768X25519Identity.generate()
        let sealed = try Age.encrypt(Data("x".utf8), to: [pq.recipient, other.recipient])
        #expect(try Age.decrypt(sealed, with: [other]) == Data("x".utf8))
    }

    @Test("another identity does not open the file: no match, not tampering")
    func wrongIdentity() throws {
        let sealed = try Age.encrypt(Data("x".utf8), to: [try MLKEM768X25519Identity.generate().recipient])
        do {
            _ = try Age.decrypt(sealed, with: [try MLKEM768X25519Identity.generate(), X25519Identity.generate()])
            Issue.record("a stranger opened the file")
        } catch {
            guard case .wrongCredentials = error else {
                Issue.record("expected wrongCredentials, got \(error)")
                return
            }
        }
    }

    @Test("key files hold post-quantum identities next to classic ones")
    func keyFiles() throws {
        let (pq, pqText) = try AgeKeyFile.generatePostQuantum()
        let (classic, classicText) = AgeKeyFile.generate()
        #expect(pqText.contains("# public key: age1pq1"))
        let identities = try AgeKeyFile.identities(in: pqText + classicText, source: "keys.txt")
        #expect(identities.map(\.recipientText) == [pq.recipientText, classic.recipientText])
        let recipients = try AgeKeyFile.recipients(in: pq.recipientText + "\n", source: "r.txt")
        #expect(recipients.first?.isPostQuantum == true)
    }
}
