import Crypto
import Foundation
import _CryptoExtras

/// The RNCryptor data format v3: AES-256-CBC with PKCS#7 padding, authenticated by HMAC-SHA256
/// over the whole message, with keys from a password (PBKDF2-HMAC-SHA1, 10,000 rounds) or given
/// directly. It is the format many iOS apps already store their data in.
///
/// The one-shot functions work on bytes in memory and never return plaintext before the HMAC has
/// verified. The streaming functions (``encrypt(from:to:password:chunkSize:)`` and friends) work
/// in constant memory on inputs of any size.
///
/// ```swift
/// let message = try RNCryptor.encrypt(Data("secret".utf8), password: "correct horse")
/// let plaintext = try RNCryptor.decrypt(message, password: "correct horse")
/// ```
public enum RNCryptor {
    /// Encrypts `plaintext` with `password`, with fresh random salts and IV.
    ///
    /// Throws ``SealError/invalidParameter(_:)`` for an empty password, which v3 forbids.
    ///
    /// ```swift
    /// let message = try RNCryptor.encrypt(Data("secret".utf8), password: "correct horse")
    /// ```
    public static func encrypt(_ plaintext: some DataProtocol, password: String) throws(SealError) -> Data {
        var encryptor = try Encryptor(password: password)
        return try sealAll(plaintext, with: &encryptor)
    }

    /// Encrypts `plaintext` with a 32-byte encryption key and a 32-byte HMAC key, with a fresh
    /// random IV.
    ///
    /// ```swift
    /// let key = SymmetricKey(size: .bits256), macKey = SymmetricKey(size: .bits256)
    /// let message = try RNCryptor.encrypt(Data("secret".utf8), encryptionKey: key, hmacKey: macKey)
    /// ```
    public static func encrypt(
        _ plaintext: some DataProtocol, encryptionKey: SymmetricKey, hmacKey: SymmetricKey
    ) throws(SealError) -> Data {
        var encryptor = try Encryptor(encryptionKey: encryptionKey, hmacKey: hmacKey)
        return try sealAll(plaintext, with: &encryptor)
    }

    /// Decrypts a password-based message, verifying its HMAC before any plaintext is produced.
    ///
    /// Errors: ``SealError/unrecognizedFormat(_:)`` (not RNCryptor v3, or key-based data),
    /// ``SealError/truncated(_:)`` (too short, or a partial AES block),
    /// ``SealError/authenticationFailed(_:)`` (wrong password or altered data; the format cannot
    /// tell them apart), ``SealError/malformed(_:)`` (bad padding under a valid HMAC) and
    /// ``SealError/invalidParameter(_:)`` (empty password).
    ///
    /// ```swift
    /// let plaintext = try RNCryptor.decrypt(message, password: "correct horse")
    /// ```
    public static func decrypt(_ message: some DataProtocol, password: String) throws(SealError) -> Data {
        try openAll(message, credentials: .checkedPassword(password))
    }

    /// Decrypts a key-based message, verifying its HMAC before any plaintext is produced.
    ///
    /// ```swift
    /// let plaintext = try RNCryptor.decrypt(message, encryptionKey: key, hmacKey: macKey)
    /// ```
    public static func decrypt(
        _ message: some DataProtocol, encryptionKey: SymmetricKey, hmacKey: SymmetricKey
    ) throws(SealError) -> Data {
        try openAll(message, credentials: .checkedKeys(encryption: encryptionKey, hmac: hmacKey))
    }

    /// One-shot encryption with a prepared encryptor.
    private static func sealAll(_ plaintext: some DataProtocol, with encryptor: inout Encryptor) throws(SealError)
        -> Data
    {
        var message = try encryptor.update(plaintext)
        message.append(try encryptor.finish())  // fits: the first update reserves room for the end
        return message
    }

    /// One-shot decryption: shape checks, then the HMAC over everything, then AES.
    private static func openAll(_ message: some DataProtocol, credentials: Credentials) throws(SealError) -> Data {
        let bytes = (message as? Data) ?? Data(message)
        let header = try Header.parse(bytes)
        try credentials.checkMatches(options: header.options)
        try checkBodyCount(bytes.count - header.count, headerCount: header.count)
        let keys = try credentials.keys(for: header)
        let tagStart = bytes.endIndex - macCount
        let mac = HMAC<SHA256>.authenticationCode(for: bytes[bytes.startIndex..<tagStart], using: keys.hmac)
        guard macsEqual(mac, bytes[tagStart...]) else {
            throw authenticationFailure(credentials: credentials, tagOffset: bytes.count - macCount)
        }
        // Decrypted a segment at a time: swift-crypto copies its input and output per call, and
        // bounded segments keep those copies in cache.
        var plaintext = Data(capacity: tagStart - bytes.startIndex - header.count)
        var iv = try makeIV(header.iv)
        var start = bytes.startIndex + header.count
        while tagStart - start > blockCount {
            let end = min(start + segmentCount, tagStart - blockCount)
            let blocks = bytes[start..<end]
            do {
                plaintext.append(try AES._CBC.decrypt(blocks, using: keys.encryption, iv: iv, noPadding: true))
            } catch {
                throw .malformed("AES-CBC decryption failed: \(error)")
            }
            iv = try makeIV(blocks.suffix(blockCount))
            start = end
        }
        do {
            plaintext.append(try AES._CBC.decrypt(bytes[start..<tagStart], using: keys.encryption, iv: iv))
        } catch {
            throw paddingFailure(blockOffset: bytes.count - macCount - blockCount)
        }
        return plaintext
    }
}
