import Crypto
import Foundation

/// Opens age files encrypted to a passphrase (a `scrypt` stanza).
///
/// The work factor is read from the file, so a hostile file could ask for any amount of memory
/// and time: scrypt with work factor *w* takes 2^*w* × 1 KiB (w = 18: 256 MiB, w = 22: 4 GiB).
/// A stanza above ``maxWorkFactor`` is refused as ``SealError/malformed(_:)`` before anything is
/// allocated, as the `age` CLI does above its own default maximum of 22 (CCTV's
/// `scrypt_work_factor_23` expects a header failure). Lower the limit for files from people you
/// do not trust; 22 is the ceiling.
///
/// ```swift
/// let plaintext = try Age.decrypt(sealed, with: [ScryptIdentity(passphrase: "correct horse")])
/// let careful = ScryptIdentity(passphrase: passphrase, maxWorkFactor: 18)   // at most 256 MiB
/// ```
public struct ScryptIdentity: AgeIdentity {
    /// The highest work factor any file may ask for: 2^22 rounds take 4 GiB and several seconds
    /// (age's default maximum too).
    public static let workFactorCeiling = 22

    let passphrase: String
    /// The highest work factor this identity will compute; files asking for more are refused.
    public let maxWorkFactor: Int

    /// An identity for `passphrase` that refuses work factors above `maxWorkFactor` (at most
    /// ``workFactorCeiling``; values above it are lowered to it).
    public init(passphrase: String, maxWorkFactor: Int = workFactorCeiling) {
        self.passphrase = passphrase
        self.maxWorkFactor = min(maxWorkFactor, Self.workFactorCeiling)
    }

    /// The memory scrypt needs for `workFactor` in age (r = 8, p = 1): 2^workFactor KiB.
    static func memory(forWorkFactor workFactor: Int) -> String {
        guard workFactor <= 40 else { return "2^\(workFactor) KiB" }
        let kibibytes = 1 << max(workFactor, 0)
        switch kibibytes {
        case ..<1024: return "\(kibibytes) KiB"
        case ..<(1 << 20): return "\(kibibytes >> 10) MiB"
        default: return "\(kibibytes >> 20) GiB"
        }
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
            else {
                throw .malformed(
                    SealErrorContext(
                        "a scrypt stanza's work factor '\(text)' is not a decimal number without leading zeros "
                            + "(age writes 1 to \(Self.workFactorCeiling))", stage: .ageRecipientStanza))
            }
            guard text.utf8.count <= 2, let workFactor = Int(text), workFactor <= maxWorkFactor else {
                let asked = text.utf8.count <= 2 ? " (\(Self.memory(forWorkFactor: Int(text) ?? 0)) of memory)" : ""
                throw .malformed(
                    SealErrorContext(
                        "the scrypt work factor \(text)\(asked) is above the limit of \(maxWorkFactor) "
                            + "(\(Self.memory(forWorkFactor: maxWorkFactor))); it was refused before computing anything",
                        stage: .ageRecipientStanza))
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
