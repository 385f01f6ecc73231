import Crypto
import Foundation
import _CryptoExtras

/// An age passphrase recipient: the file key is wrapped with a key derived by scrypt.
///
/// ```swift
/// let sealed = try Age.encrypt(plaintext, to: [ScryptRecipient(passphrase: "correct horse", workFactor: 18)])
/// ```
public struct ScryptRecipient: AgeRecipient {
    static let stanzaType = "scrypt"
    static let saltLabel = Data("age-encryption.org/v1/scrypt".utf8)

    let passphrase: String
    /// log2 of scrypt's N; 18 (256 MiB, about a second) by default, as age uses.
    public let workFactor: Int

    /// A recipient for `passphrase` (not empty) with the given work factor (1…22).
    public init(passphrase: String, workFactor: Int = 18) throws(SealError) {
        guard !passphrase.isEmpty else { throw .invalidParameter("the passphrase is empty") }
        guard (1...ScryptIdentity.workFactorCeiling).contains(workFactor) else {
            throw .invalidParameter(
                "the scrypt work factor \(workFactor) is outside 1…\(ScryptIdentity.workFactorCeiling)")
        }
        self.passphrase = passphrase
        self.workFactor = workFactor
    }

    public var mustBeAlone: Bool { true }

    public func wrap(fileKey: SymmetricKey) throws(SealError) -> AgeStanza {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let wrapKey = try Self.deriveKey(passphrase: passphrase, salt: salt, workFactor: workFactor)
        return AgeStanza(
            type: Self.stanzaType, arguments: [StrictBase64.encodeUnpadded(salt), String(workFactor)],
            body: try FileKeyWrap.seal(fileKey, with: wrapKey))
    }

    static func deriveKey(passphrase: String, salt: Data, workFactor: Int) throws(SealError) -> SymmetricKey {
        let rounds = 1 << workFactor
        do {
            return try KDF.Scrypt.deriveKey(
                from: Data(passphrase.utf8), salt: saltLabel + salt, outputByteCount: 32,
                rounds: rounds, blockSize: 8, parallelism: 1, maxMemory: 128 * 8 * rounds + (1 << 20))
        } catch {
            throw .io(
                SealErrorContext(
                    "scrypt with work factor \(workFactor) needs \(ScryptIdentity.memory(forWorkFactor: workFactor)) "
                        + "of memory and failed (\(error))", stage: .ageRecipientStanza))
        }
    }
}
