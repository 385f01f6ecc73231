import Crypto
import Foundation

/// The ChaCha20-Poly1305 seal with a zero nonce that every native age stanza uses for the file key.
enum FileKeyWrap {
    static let fileKeySize = 16
    private static let zeroNonce: ChaChaPoly.Nonce = {
        // Twelve zero bytes are always a valid nonce; the fallback is never taken.
        (try? ChaChaPoly.Nonce(data: Data(count: 12))) ?? ChaChaPoly.Nonce()
    }()

    static func seal(_ fileKey: SymmetricKey, with wrapKey: SymmetricKey) throws(SealError) -> Data {
        do {
            let box = try ChaChaPoly.seal(fileKey.withUnsafeBytes { Data($0) }, using: wrapKey, nonce: zeroNonce)
            return box.ciphertext + box.tag
        } catch {
            throw .io("sealing the file key failed: \(error)")
        }
    }

    /// The file key, or `nil` when the tag does not verify (the stanza is not for this key).
    static func open(_ body: Data, with wrapKey: SymmetricKey, stanza: String) throws(SealError) -> SymmetricKey? {
        guard body.count == fileKeySize + 16 else {
            throw .malformed("the \(stanza) stanza's body is \(body.count) bytes; a wrapped file key is 32")
        }
        guard
            let box = try? ChaChaPoly.SealedBox(
                nonce: zeroNonce, ciphertext: body.prefix(fileKeySize), tag: body.suffix(16)),
            let key = try? ChaChaPoly.open(box, using: wrapKey)
        else { return nil }
        return SymmetricKey(data: key)
    }
}
