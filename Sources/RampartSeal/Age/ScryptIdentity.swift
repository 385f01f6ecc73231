import Crypto
import Foundation

/// Opens age files encrypted to a passphrase (a `scrypt` stanza).
///
/// ```swift
/// let plaintext = try Age.decrypt(sealed, with: [ScryptIdentity(passphrase: "correct horse")])
/// ```
public struct ScryptIdentity: AgeIdentity {
    /// The highest work factor any file may ask for: 2^22 rounds take 4 GiB and several seconds.
    public static let workFactorCeiling = 22

    let passphrase: String
    /// The highest work factor this identity will compute; files asking for more are refused.
    public let maxWorkFactor: Int

    /// An identity for `passphrase` that refuses work factors above `maxWorkFactor`.
    public init(passphrase: String, maxWorkFactor: Int = workFactorCeiling) {
        self.passphrase = passphrase
        self.maxWorkFactor = min(maxWorkFactor, Self.workFactorCeiling)
    }

    public func unwrap(_ stanzas: [AgeStanza]) throws(SealError) -> SymmetricKey? {
        for stanza in stanzas where stanza.type == ScryptRecipient.stanzaType {
            guard stanza.arguments.count == 2 else {
                throw .malformed(
                    "a scrypt stanza has \(stanza.arguments.count) arguments; it takes a salt and a work factor")
            }
            guard let salt = StrictBase64.decodeUnpadded(stanza.arguments[0]), salt.count == 16 else {
                throw .malformed("a scrypt stanza's salt is not 16 bytes of canonical base64")
            }
            let text = stanza.arguments[1]
            guard let first = text.utf8.first, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first),
                text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { throw .malformed("a scrypt stanza's work factor '\(text)' is not a decimal number from 1") }
            guard text.utf8.count <= 2, let workFactor = Int(text), workFactor <= maxWorkFactor else {
                throw .malformed("the scrypt work factor \(text) is above the limit of \(maxWorkFactor)")
            }
            guard stanza.body.count == FileKeyWrap.fileKeySize + 16 else {
                throw .malformed("a scrypt stanza's body is \(stanza.body.count) bytes; a wrapped file key is 32")
            }
            let wrapKey = try ScryptRecipient.deriveKey(passphrase: passphrase, salt: salt, workFactor: workFactor)
            if let fileKey = try FileKeyWrap.open(stanza.body, with: wrapKey, stanza: "scrypt") { return fileKey }
        }
        return nil
    }
}
