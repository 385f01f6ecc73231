import Foundation
import RampartIO

extension Age {
    /// Encrypts the file at `input` into `output` (written atomically, 0600).
    ///
    /// ```swift
    /// try Age.encrypt(file: "report.pdf", to: .file("report.pdf.age", replacing: false),
    ///                 recipients: [try X25519Recipient("age1…")])
    /// ```
    public static func encrypt(
        file input: String, to output: OutputDestination, recipients: [any AgeRecipient], armored: Bool = false,
        progress: ((Int) -> Void)? = nil
    ) throws(SealError) {
        var source = try SealError.mappingIO { () throws(IOError) in try FileSource(path: input) }
        try output.write { (sink: inout any ByteSink<IOError>) throws(SealError) in
            try encrypt(from: &source, to: &sink, recipients: recipients, armored: armored, progress: progress)
        }
    }

    /// Decrypts the age file at `input` into `output`; a file output appears only when the whole
    /// file authenticated.
    ///
    /// ```swift
    /// try Age.decrypt(file: "report.pdf.age", to: .file("report.pdf", replacing: false), identities: [identity])
    /// ```
    public static func decrypt(
        file input: String, to output: OutputDestination, identities: [any AgeIdentity],
        progress: ((Int) -> Void)? = nil
    ) throws(SealError) {
        var source = try SealError.mappingIO { () throws(IOError) in try FileSource(path: input) }
        try output.write { (sink: inout any ByteSink<IOError>) throws(SealError) in
            try decrypt(from: &source, to: &sink, identities: identities, progress: progress)
        }
    }

    /// The plaintext of the age file at `path`, as an async sequence of authenticated chunks read
    /// in constant memory. The sequence throws if the file turns out altered or cut short, so a
    /// consumer must treat what it got as incomplete until the loop ends normally.
    ///
    /// ```swift
    /// for try await chunk in Age.decryptedChunks(of: "movie.age", identities: [identity]) { … }
    /// ```
    public static func decryptedChunks(of path: String, identities: [any AgeIdentity]) -> AsyncChunks {
        AsyncChunks { (sink: inout AsyncChunks.ChunkSink) throws(SealError) in
            var source = try SealError.mappingIO { () throws(IOError) in try FileSource(path: path) }
            try decrypt(from: &source, to: &sink, identities: identities)
        }
    }

    /// The age file for `path`'s contents, as an async sequence of encrypted pieces (header first),
    /// read and sealed in constant memory; upload them as they come.
    ///
    /// ```swift
    /// for try await piece in Age.encryptedChunks(of: "backup.tar", recipients: [recipient]) { … }
    /// ```
    public static func encryptedChunks(
        of path: String, recipients: [any AgeRecipient], armored: Bool = false
    ) -> AsyncChunks {
        AsyncChunks { (sink: inout AsyncChunks.ChunkSink) throws(SealError) in
            var source = try SealError.mappingIO { () throws(IOError) in try FileSource(path: path) }
            try encrypt(from: &source, to: &sink, recipients: recipients, armored: armored)
        }
    }

    /// Encrypts `plaintext` with a passphrase (an age scrypt recipient, work factor 18 by default).
    ///
    /// ```swift
    /// let sealed = try Age.encrypt(Data("token".utf8), passphrase: "correct horse battery staple")
    /// ```
    public static func encrypt(
        _ plaintext: some DataProtocol, passphrase: String, workFactor: Int = 18, armored: Bool = false
    ) throws(SealError) -> Data {
        try encrypt(
            plaintext, to: [try ScryptRecipient(passphrase: passphrase, workFactor: workFactor)], armored: armored)
    }

    /// Decrypts an age file made with a passphrase.
    ///
    /// ```swift
    /// let token = try Age.decrypt(sealed, passphrase: "correct horse battery staple")
    /// ```
    public static func decrypt(_ file: some DataProtocol, passphrase: String) throws(SealError) -> Data {
        try decrypt(file, with: [ScryptIdentity(passphrase: passphrase)])
    }
}
