import Crypto
import Foundation
import _CryptoExtras

/// scrypt's cost parameters and salt, stored beside what they protect so a vault keeps opening
/// when the default changes.
///
/// Costs are capped at 4 GiB of memory, age's own limit: a vault is created with N = 2^15…2^22
/// (r = 8, p = 1; 2^22 takes 4 GiB; tests reach down to 2^1 through `VaultOptions(testingWorkFactor:)`), and parameters read from a file (`vault_meta`, an
/// application-password salt) are refused as damaged, before anything is allocated, when one is
/// outside its range or their memory cost 128·r·N·p exceeds 4 GiB: a hostile file must not make
/// an unlock allocate 16 GiB or more, and every vault `vault init` ever made still opens.
struct ScryptParameters: Sendable, Hashable {
    static let workFactorRange = 1...22
    static let blockSizeRange = 1...32
    static let parallelismRange = 1...16
    /// The most memory (128·r·N·p bytes) stored parameters may ask for: 4 GiB.
    static let maximumMemory = 1 << 32

    var workFactor: Int
    var blockSize: Int
    var parallelism: Int
    var salt: Data

    /// Fresh parameters with a random 16-byte salt. `minimum` is the least work factor accepted:
    /// `VaultOptions.minimumWorkFactor` for a new vault, the range's floor when re-using the work
    /// factor a vault already stores.
    static func fresh(workFactor: Int, minimum: Int = workFactorRange.lowerBound) throws(VaultError)
        -> ScryptParameters
    {
        let accepted = max(minimum, workFactorRange.lowerBound)...workFactorRange.upperBound
        guard accepted.contains(workFactor) else {
            throw .invalidParameter(
                VaultErrorContext(
                    "the scrypt work factor \(workFactor) is outside \(accepted.lowerBound)…\(accepted.upperBound); "
                        + "choose one in that range (17, the default, takes 128 MiB; each step doubles time and memory"
                        + (accepted.lowerBound > 1 ? "; less makes the passphrase cheap to guess)" : ")")))
        }
        return ScryptParameters(workFactor: workFactor, blockSize: 8, parallelism: 1, salt: RandomBytes.make(16))
    }

    /// The memory scrypt needs with these parameters (128·r·N·p bytes), or `nil` when a parameter
    /// is outside its range or the product exceeds `maximumMemory`.
    var memory: Int? {
        guard Self.workFactorRange.contains(workFactor), Self.blockSizeRange.contains(blockSize),
            Self.parallelismRange.contains(parallelism)
        else { return nil }
        let memory = 128 * blockSize * (1 << workFactor) * parallelism
        return memory <= Self.maximumMemory ? memory : nil
    }

    /// The 32-byte key `secret` derives.
    func deriveKey(_ secret: String) throws(VaultError) -> SymmetricKey {
        guard let memory else {
            throw .damaged(
                VaultErrorContext(
                    "the stored scrypt parameters (log2 N = \(workFactor), r = \(blockSize), p = \(parallelism)) are outside "
                        + "log2 N 1…22, r 1…32, p 1…16 or 4 GiB of memory; the file is damaged or hostile, restore a backup",
                    location: "vault_meta"))
        }
        do {
            return try KDF.Scrypt.deriveKey(
                from: Data(secret.utf8), salt: salt, outputByteCount: 32, rounds: 1 << workFactor,
                blockSize: blockSize, parallelism: parallelism, maxMemory: memory + (1 << 20))
        } catch {
            throw .io(
                VaultErrorContext(
                    "scrypt (log2 N = \(workFactor), r = \(blockSize), p = \(parallelism)) could not get its "
                        + "\(max(1, memory >> 20)) MiB of memory; free some memory and try again"))
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
        guard bytes.count == 19 else {
            throw .damaged("an application-password salt is not 19 bytes; the file is damaged, restore a backup")
        }
        self.init(
            workFactor: Int(bytes[0]), blockSize: Int(bytes[1]), parallelism: Int(bytes[2]), salt: Data(bytes[3...]))
    }
}
