import Crypto
import Foundation
import RampartIO

extension RNCryptor {
    /// Encrypts everything `source` yields into `sink` with `password`, in constant memory.
    ///
    /// `chunkSize` is how many bytes are asked of `source` per read (64 KiB by default, which stays below
    /// glibc's mmap threshold; the CLI, which tunes the allocator, reads 256 KiB).
    ///
    /// ```swift
    /// var source = DataSource(plaintext)
    /// var sink = DataSink()
    /// try RNCryptor.encrypt(from: &source, to: &sink, password: "correct horse")
    /// ```
    public static func encrypt(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        password: String,
        chunkSize: Int = 1 << 16
    ) throws(SealError) {
        try encrypt(from: &source, to: &sink, with: Encryptor(password: password), chunkSize: chunkSize)
    }

    /// Encrypts everything `source` yields into `sink` with a 32-byte encryption key and a 32-byte
    /// HMAC key, in constant memory.
    ///
    /// ```swift
    /// try RNCryptor.encrypt(from: &source, to: &sink, encryptionKey: key, hmacKey: macKey)
    /// ```
    public static func encrypt(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        encryptionKey: SymmetricKey,
        hmacKey: SymmetricKey, chunkSize: Int = 1 << 16
    ) throws(SealError) {
        try encrypt(
            from: &source, to: &sink, with: Encryptor(encryptionKey: encryptionKey, hmacKey: hmacKey),
            chunkSize: chunkSize)
    }

    /// Encrypts everything `source` yields into `sink` with a prepared ``Encryptor`` (for example one
    /// built with fixed salts and IV for test vectors).
    ///
    /// ```swift
    /// let encryptor = try RNCryptor.Encryptor(password: "pw", encryptionSalt: s1, hmacSalt: s2, iv: iv)
    /// try RNCryptor.encrypt(from: &source, to: &sink, with: encryptor, chunkSize: 17)
    /// ```
    public static func encrypt(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        with encryptor: Encryptor,
        chunkSize: Int = 1 << 16
    ) throws(SealError) {
        try checkChunkSize(chunkSize)
        var encryptor = encryptor
        while true {
            let chunk = try source.sealRead(upTo: chunkSize)
            if chunk.isEmpty { break }
            let output = try encryptor.update(chunk)
            if !output.isEmpty { try sink.sealWrite(output) }
        }
        try sink.sealWrite(encryptor.finish())
    }

    /// Decrypts a password-based message from `source` into `sink`, in constant memory.
    ///
    /// - Important: plaintext is written to `sink` **as it is decrypted, before the HMAC at the
    ///   end of the message has been checked**. It is unauthenticated until this function returns
    ///   normally. Write to a temporary file and rename it into place only on success; if this
    ///   throws, delete what was written. Callers with seekable input can run
    ///   ``verify(from:password:chunkSize:)`` first and decrypt second.
    ///
    /// Errors are those of ``decrypt(_:password:)``.
    ///
    /// ```swift
    /// var source = DataSource(message)
    /// var provisional = DataSink()
    /// try RNCryptor.decrypt(from: &source, to: &provisional, password: "correct horse")
    /// let plaintext = provisional.data   // authentic only because decrypt returned normally
    /// ```
    public static func decrypt(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        password: String,
        chunkSize: Int = 1 << 16
    ) throws(SealError) {
        try decrypt(from: &source, to: &sink, with: Decryptor(password: password), chunkSize: chunkSize)
    }

    /// Decrypts a key-based message from `source` into `sink`, in constant memory.
    ///
    /// - Important: plaintext written to `sink` is **unauthenticated until this function returns
    ///   normally**; see ``decrypt(from:to:password:chunkSize:)``.
    ///
    /// ```swift
    /// try RNCryptor.decrypt(from: &source, to: &provisional, encryptionKey: key, hmacKey: macKey)
    /// ```
    public static func decrypt(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        encryptionKey: SymmetricKey,
        hmacKey: SymmetricKey, chunkSize: Int = 1 << 16
    ) throws(SealError) {
        try decrypt(
            from: &source, to: &sink, with: Decryptor(encryptionKey: encryptionKey, hmacKey: hmacKey),
            chunkSize: chunkSize)
    }

    /// Decrypts from `source` into `sink` with a prepared ``Decryptor``.
    ///
    /// - Important: plaintext written to `sink` is **unauthenticated until this function returns
    ///   normally**; see ``decrypt(from:to:password:chunkSize:)``.
    ///
    /// ```swift
    /// try RNCryptor.decrypt(from: &source, to: &provisional, with: RNCryptor.Decryptor(password: "pw"))
    /// ```
    public static func decrypt(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        with decryptor: Decryptor,
        chunkSize: Int = 1 << 16
    ) throws(SealError) {
        try checkChunkSize(chunkSize)
        var decryptor = decryptor
        while true {
            let chunk = try source.sealRead(upTo: chunkSize)
            if chunk.isEmpty { break }
            let output = try decryptor.update(chunk)
            if !output.isEmpty { try sink.sealWrite(output) }
        }
        let last = try decryptor.finish()
        if !last.isEmpty { try sink.sealWrite(last) }
    }

    /// Checks a password-based message's shape and HMAC without decrypting anything.
    ///
    /// Returning normally means the message is intact and the password right (PKCS#7 padding is
    /// only checked by decryption). Throws as ``decrypt(_:password:)`` does.
    ///
    /// ```swift
    /// var first = try FileSource(path: path)      // any ByteSource
    /// try RNCryptor.verify(from: &first, password: password)
    /// var second = try FileSource(path: path)
    /// try RNCryptor.decrypt(from: &second, to: &sink, password: password)
    /// ```
    public static func verify(
        from source: inout some ByteSource<some SealErrorConvertible>, password: String, chunkSize: Int = 1 << 16
    ) throws(SealError) {
        try verify(from: &source, credentials: .checkedPassword(password), chunkSize: chunkSize)
    }

    /// Checks a key-based message's shape and HMAC without decrypting anything.
    ///
    /// ```swift
    /// try RNCryptor.verify(from: &source, encryptionKey: key, hmacKey: macKey)
    /// ```
    public static func verify(
        from source: inout some ByteSource<some SealErrorConvertible>, encryptionKey: SymmetricKey,
        hmacKey: SymmetricKey,
        chunkSize: Int = 1 << 16
    ) throws(SealError) {
        try verify(
            from: &source, credentials: .checkedKeys(encryption: encryptionKey, hmac: hmacKey), chunkSize: chunkSize)
    }

    private static func verify(
        from source: inout some ByteSource<some SealErrorConvertible>, credentials: Credentials, chunkSize: Int
    ) throws(SealError) {
        try checkChunkSize(chunkSize)
        var verifier = Decryptor(credentials: credentials, producesPlaintext: false)
        while true {
            let chunk = try source.sealRead(upTo: chunkSize)
            if chunk.isEmpty { break }
            _ = try verifier.update(chunk)
        }
        _ = try verifier.finish()
    }

    private static func checkChunkSize(_ chunkSize: Int) throws(SealError) {
        guard chunkSize > 0 else {
            throw .invalidParameter("chunkSize must be at least 1 byte; got \(chunkSize)")
        }
    }
}
