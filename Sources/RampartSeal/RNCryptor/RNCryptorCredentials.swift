import Crypto
import Foundation
import _CryptoExtras

extension RNCryptor {
    /// What the caller decrypts or encrypts with: a password (keys derived per message from the
    /// header's salts) or a ready pair of 32-byte keys.
    enum Credentials: Sendable {
        case password([UInt8])
        case keys(encryption: SymmetricKey, hmac: SymmetricKey)

        /// A password credential; v3 forbids the empty password.
        static func checkedPassword(_ password: String) throws(SealError) -> Credentials {
            guard !password.isEmpty else {
                throw .invalidParameter(
                    "the password is empty, and RNCryptor v3 forbids empty passwords: supply a non-empty password")
            }
            return .password(Array(password.utf8))
        }

        /// A key-pair credential; both keys must be 256 bits.
        static func checkedKeys(encryption: SymmetricKey, hmac: SymmetricKey) throws(SealError) -> Credentials {
            guard encryption.bitCount == 256 else {
                throw .invalidParameter(
                    "the RNCryptor v3 encryption key must be 32 bytes (AES-256); got \(encryption.bitCount / 8)")
            }
            guard hmac.bitCount == 256 else {
                throw .invalidParameter("the RNCryptor v3 HMAC key must be 32 bytes; got \(hmac.bitCount / 8)")
            }
            return .keys(encryption: encryption, hmac: hmac)
        }

        var isPassword: Bool {
            if case .password = self { return true }
            return false
        }

        /// Refuses a message whose options byte (offset 1) names the other kind of credential.
        func checkMatches(options: UInt8) throws(SealError) {
            switch (self, options) {
            case (.password, 0):
                throw .unrecognizedFormat(
                    SealErrorContext(
                        "the options byte at offset 1 is 0x00 (key-based RNCryptor v3 data) but a password was given:"
                            + " decrypt it with the encryption key and HMAC key instead", stage: .rncryptorHeader,
                        offset: 1))
            case (.keys, 1):
                throw .unrecognizedFormat(
                    SealErrorContext(
                        "the options byte at offset 1 is 0x01 (password-based RNCryptor v3 data) but keys were given:"
                            + " decrypt it with the password instead", stage: .rncryptorHeader, offset: 1))
            default:
                return
            }
        }

        /// The encryption and HMAC keys for a message with `header`.
        func keys(for header: Header) throws(SealError) -> (encryption: SymmetricKey, hmac: SymmetricKey) {
            try checkMatches(options: header.options)
            switch (self, header.mode) {
            case (.keys(let encryption, let hmac), _):
                return (encryption, hmac)
            case (.password(let password), .passwordBased(let encryptionSalt, let hmacSalt)):
                return (
                    try RNCryptor.deriveKey(password: password, salt: encryptionSalt),
                    try RNCryptor.deriveKey(password: password, salt: hmacSalt)
                )
            case (.password, .keyBased):
                throw .unrecognizedFormat("key-based RNCryptor v3 data cannot be decrypted with a password")
            }
        }
    }

    /// The v3 password key derivation: PBKDF2-HMAC-SHA1, 10,000 rounds, 32 bytes.
    ///
    /// 10,000 rounds is what the format fixes (swift-crypto's checked entry point wants 210,000),
    /// so the unchecked entry point is used on purpose.
    static func deriveKey(password: [UInt8], salt: some DataProtocol) throws(SealError) -> SymmetricKey {
        do {
            return try KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: .insecureSHA1, outputByteCount: 32,
                unsafeUncheckedRounds: 10_000)
        } catch {
            throw .invalidParameter("PBKDF2 key derivation failed: \(error)")
        }
    }

    /// Whether two 32-byte MACs are equal, looking at every byte whatever the first difference.
    static func macsEqual(_ computed: HashedAuthenticationCode<SHA256>, _ received: some DataProtocol) -> Bool {
        let receivedBytes = Array(received)
        return computed.withUnsafeBytes { computedBytes in
            guard computedBytes.count == receivedBytes.count else { return false }
            var difference: UInt8 = 0
            for index in 0..<computedBytes.count {
                difference |= computedBytes[index] ^ receivedBytes[index]
            }
            return difference == 0
        }
    }

    /// The error for a MAC that does not verify.
    static func authenticationFailure(credentials: Credentials, tagOffset: Int) -> SealError {
        if credentials.isPassword {
            return .authenticationFailed(
                SealErrorContext(
                    "wrong password or altered data: the HMAC-SHA256 at byte offset \(tagOffset) does not match;"
                        + " check the password, and if it is right the data was changed or corrupted",
                    stage: .rncryptorHMAC, offset: tagOffset))
        }
        return .authenticationFailed(
            SealErrorContext(
                "the HMAC-SHA256 at byte offset \(tagOffset) does not match: the data was altered or corrupted,"
                    + " or the encryption/HMAC keys are not the ones it was made with", stage: .rncryptorHMAC,
                offset: tagOffset))
    }

    /// Checks the length of everything after the header (ciphertext + 32-byte HMAC).
    static func checkBodyCount(_ bodyCount: Int, headerCount: Int) throws(SealError) {
        let minimum = headerCount + blockCount + macCount
        guard bodyCount >= blockCount + macCount else {
            throw .truncated(
                SealErrorContext(
                    "the message is \(headerCount + bodyCount) bytes, but the shortest RNCryptor v3 message with this"
                        + " header is \(minimum) bytes (\(headerCount)-byte header, one 16-byte AES block, 32-byte HMAC):"
                        + " the input was cut short", stage: .rncryptorPayload, offset: headerCount))
        }
        let ciphertextCount = bodyCount - macCount
        guard ciphertextCount % blockCount == 0 else {
            throw .truncated(
                SealErrorContext(
                    "the ciphertext (byte offsets \(headerCount)..<\(headerCount + ciphertextCount)) is \(ciphertextCount)"
                        + " bytes, not a multiple of the 16-byte AES block: the input was most likely cut short"
                        + " (or has bytes appended)", stage: .rncryptorPayload, offset: headerCount))
        }
    }

    /// The error for bad PKCS#7 padding after the HMAC verified.
    static func paddingFailure(blockOffset: Int) -> SealError {
        .malformed(
            SealErrorContext(
                "the PKCS#7 padding of the last AES block (byte offset \(blockOffset)) is invalid although the HMAC"
                    + " verified: the message was produced by a faulty encryptor and cannot be decrypted",
                stage: .rncryptorPayload, offset: blockOffset))
    }

    static let blockCount = 16
    static let macCount = 32
    /// The most bytes handed to swift-crypto's AES-CBC per call (it copies input and output).
    static let segmentCount = 1 << 20
}
