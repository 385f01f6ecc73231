// Fuzzes RNCryptor v3 key-based decryption (`RNCryptor.Decryptor`, fixed keys so no PBKDF2),
// fed in fuzzer-chosen slices: it agrees with the one-shot API, and a message that decrypts is
// exactly what encrypting its plaintext again with the same keys and IV gives.
import Crypto
import Foundation
import RampartSeal

enum FuzzRNCryptorDecryptor {
    static let target = FuzzTarget(
        name: "rncryptor-stream", maxLength: 8 * 1024,
        summary: "RNCryptor.Decryptor with fixed keys (first byte chooses update slices)", run: run)

    /// The fixed keys of the fuzz corpus: bytes 0…31 and 32…63.
    static let encryptionKey = SymmetricKey(data: Data((0..<32).map { UInt8($0) }))
    static let hmacKey = SymmetricKey(data: Data((32..<64).map { UInt8($0) }))

    static func run(_ data: Data) {
        let name = target.name
        let message = Data(data.dropFirst())
        let streamed: Data?
        do throws(SealError) {
            var decryptor = try RNCryptor.Decryptor(encryptionKey: encryptionKey, hmacKey: hmacKey)
            var plaintext = Data()
            for slice in FuzzSlices(data) { plaintext.append(try decryptor.update(slice)) }
            plaintext.append(try decryptor.finish())
            streamed = plaintext
        } catch {
            streamed = nil
        }
        let oneShot = try? RNCryptor.decrypt(message, encryptionKey: encryptionKey, hmacKey: hmacKey)
        FuzzCheck.require(streamed == oneShot, name, "streamed and one-shot decryption disagree")
        guard let plaintext = streamed else { return }
        guard let header = try? RNCryptor.Header.parse(message),
            var encryptor = try? RNCryptor.Encryptor(encryptionKey: encryptionKey, hmacKey: hmacKey, iv: header.iv),
            var again = try? encryptor.update(plaintext), let end = try? encryptor.finish()
        else { FuzzCheck.fail(name, "a message that decrypted cannot be encrypted again") }
        again.append(end)
        FuzzCheck.require(again == message, name, "a message that decrypted is not the encryption of its plaintext")
    }
}
