import Crypto
import Foundation
import _CryptoExtras

/// scrypt's cost parameters and salt, stored beside what they protect so a vault keeps opening
/// when the default changes.
struct ScryptParameters: Sendable, Hashable {
    static let workFactorRange = 1...22

    var workFactor: Int
    var blockSize: Int
    var parallelism: Int
    var salt: Data

    /// Fresh parameters with a random 16-byte salt.
    static func fresh(workFactor: Int) throws(VaultError) -> ScryptParameters {
        guard workFactorRange.contains(workFactor) else {
            throw .invalidParameter(
                "the scrypt work factor \(workFactor) is outside \(workFactorRange.lowerBound)…\(workFactorRange.upperBound)"
            )
        }
        return ScryptParameters(workFactor: workFactor, blockSize: 8, parallelism: 1, salt: RandomBytes.make(16))
    }

    /// The 32-byte key `secret` derives.
    func deriveKey(_ secret: String) throws(VaultError) -> SymmetricKey {
        guard Self.workFactorRange.contains(workFactor), (1...32).contains(blockSize), (1...16).contains(parallelism)
        else { throw .unsupportedFormat("stored scrypt parameters are out of range; the file is damaged") }
        let rounds = 1 << workFactor
        do {
            return try KDF.Scrypt.deriveKey(
                from: Data(secret.utf8), salt: salt, outputByteCount: 32, rounds: rounds, blockSize: blockSize,
                parallelism: parallelism, maxMemory: 128 * blockSize * rounds * parallelism + (1 << 20))
        } catch {
            throw .io("scrypt with work factor \(workFactor) failed (not enough memory?)")
        }
    }

    /// The compact form stored with items that have an application password:
    /// work factor, block size, parallelism (one byte each), then the salt.
    var encoded: Data { Data([UInt8(workFactor), UInt8(blockSize), UInt8(parallelism)]) + salt }

    init(workFactor: Int, blockSize: Int, parallelism: Int, salt: Data) {
        self.workFactor = workFactor
        self.blockSize = blockSize
        self.parallelism = parallelism
        self.salt = salt
    }

    init(encoded: Data) throws(VaultError) {
        let bytes = [UInt8](encoded)
        guard bytes.count == 19 else { throw .unsupportedFormat("an application-password salt is damaged") }
        self.init(
            workFactor: Int(bytes[0]), blockSize: Int(bytes[1]), parallelism: Int(bytes[2]), salt: Data(bytes[3...]))
    }
}
