import Foundation
import RampartIO
import RampartSeal
import RampartTestSupport
import Testing

/// `SealedInput`: one call finds the format and decrypts with that format's rules.
@Suite("Sealed input: detection and dispatch")
struct SealedInputTests {
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("rampart-sealed-input") }

    @Test("age (binary and armored) and RNCryptor are found and decrypted into a file")
    func roundTrips() throws {
        let plaintext = SealTestSupport.payload(200_000)
        let identity = X25519Identity.generate()
        let cases: [(String, Data, SealFormat, SealCredentials)] = [
            ("binary.age", try Age.encrypt(plaintext, to: [identity.recipient]), .age, .init(identities: [identity])),
            (
                "armored.age", try Age.encrypt(plaintext, to: [identity.recipient], armored: true), .age,
                .init(identities: [identity])
            ),
            (
                "scrypt.age", try Age.encrypt(plaintext, to: [try ScryptRecipient(passphrase: "pw", workFactor: 2)]),
                .age, .init(passphrase: "pw")
            ),
            ("data.rncryptor", try RNCryptor.encrypt(plaintext, password: "pw"), .rncryptor, .init(passphrase: "pw")),
        ]
        for (name, sealed, format, credentials) in cases {
            var input = SealedInput(DataSource(sealed))
            #expect(try input.detectFormat(name: name) == format, "\(name)")
            let output = scratch.path(name + ".out")
            #expect(try input.decrypt(to: .file(output, replacing: false), with: credentials) == format)
            #expect(try scratch.read(name + ".out") == plaintext, "\(name)")
        }
    }

    @Test("empty, foreign and mismatched inputs are refused before anything is written")
    func refusals() throws {
        var empty = SealedInput(DataSource(Data()))
        #expect {
            try empty.detectFormat(name: "empty.bin")
        } throws: { error in
            guard case SealError.unrecognizedFormat(let context) = error else { return false }
            return context.stage == .input && context.detail.contains("empty.bin is empty")
        }
        var foreign = SealedInput(DataSource(Data("PK\u{3}\u{4} a zip file".utf8)))
        #expect {
            try foreign.decrypt(to: .file(scratch.path("foreign.out"), replacing: false), with: .init(passphrase: "p"))
        } throws: { error in
            guard case SealError.unrecognizedFormat(let context) = error else { return false }
            return context.stage == .input
        }
        let rncryptor = try RNCryptor.encrypt(Data("x".utf8), password: "pw")
        var withIdentity = SealedInput(DataSource(rncryptor))
        #expect {
            try withIdentity.decrypt(
                to: .file(scratch.path("rn.out"), replacing: false),
                with: .init(identities: [X25519Identity.generate()]))
        } throws: { error in
            guard case SealError.invalidParameter(let context) = error else { return false }
            return context.stage == .parameters
        }
        var wrong = SealedInput(DataSource(rncryptor))
        #expect {
            try wrong.decrypt(to: .file(scratch.path("wrong.out"), replacing: false), with: .init(passphrase: "guess"))
        } throws: { error in
            guard case SealError.authenticationFailed(let context) = error else { return false }
            return context.stage == .rncryptorHMAC
        }
        var forced = SealedInput(DataSource(rncryptor))
        #expect(try forced.detectFormat(name: "x", forcing: .age) == .age)
        #expect(scratch.entries.isEmpty, "\(scratch.entries)")
    }
}
