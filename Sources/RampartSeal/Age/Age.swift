import Crypto
import Foundation
import RampartIO

/// age v1 (`age-encryption.org/v1`) encryption: X25519, post-quantum (`mlkem768x25519`) and passphrase recipients, the STREAM
/// payload, and ASCII armor. Files round-trip with the `age` command-line tool.
///
/// ```swift
/// let identity = X25519Identity.generate()
/// let sealed = try Age.encrypt(Data("secret".utf8), to: [identity.recipient])
/// let opened = try Age.decrypt(sealed, with: [identity])
///
/// let byPassphrase = try Age.encrypt(data, to: [ScryptRecipient(passphrase: "correct horse")], armored: true)
/// ```
public enum Age {
    /// Encrypts `plaintext` to every recipient; `armored` gives the PEM-style text form.
    public static func encrypt(
        _ plaintext: some DataProtocol, to recipients: [any AgeRecipient], armored: Bool = false
    ) throws(SealError) -> Data {
        var source = DataSource(Data(plaintext))
        var sink = DataSink()
        try encrypt(from: &source, to: &sink, recipients: recipients, armored: armored)
        return sink.data
    }

    /// Decrypts an age file (binary or armored) with the first identity that opens it.
    public static func decrypt(_ file: some DataProtocol, with identities: [any AgeIdentity]) throws(SealError) -> Data
    {
        var source = DataSource(Data(file))
        var sink = DataSink()
        try decrypt(from: &source, to: &sink, identities: identities)
        return sink.data
    }

    /// Streams `source` into an age file written to `sink`, in constant memory.
    ///
    /// - Parameters:
    ///   - source: the plaintext.
    ///   - sink: where the age file goes.
    ///   - recipients: who can decrypt it (a passphrase recipient only alone).
    ///   - armored: write the ASCII armor (PEM-like `AGE ENCRYPTED FILE`) instead of binary.
    ///   - progress: called with the number of plaintext bytes each time a batch is written.
    public static func encrypt(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        recipients: [any AgeRecipient],
        armored: Bool = false, progress: ((Int) -> Void)? = nil
    ) throws(SealError) {
        guard !recipients.isEmpty else { throw .invalidParameter("no recipients: give at least one") }
        if recipients.count > 1 && recipients.contains(where: \.mustBeAlone) {
            throw .invalidParameter("a passphrase (scrypt) recipient must be the only recipient of a file")
        }
        if recipients.contains(where: \.isPostQuantum) && !recipients.allSatisfy(\.isPostQuantum) {
            throw .invalidParameter(
                SealErrorContext(
                    "post-quantum (age1pq1…) and classic recipients cannot be mixed: the classic stanza would leave "
                        + "the file open to a future quantum computer; use only age1pq1… recipients or only classic ones"
                ))
        }
        let fileKey = SymmetricKey(size: .bits128)
        var stanzas: [AgeStanza] = []
        for recipient in recipients { stanzas.append(try recipient.wrap(fileKey: fileKey)) }
        let (_, header) = AgeHeader.seal(stanzas: stanzas, fileKey: fileKey)
        let nonce = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        if armored {
            var armor = ArmoredSink(sink)
            try write(header: header, nonce: nonce, fileKey: fileKey, from: &source, to: &armor, progress: progress)
            do {
                try armor.finish()
            } catch {
                throw error.sealError
            }
            sink = armor.base
        } else {
            try write(header: header, nonce: nonce, fileKey: fileKey, from: &source, to: &sink, progress: progress)
        }
    }

    private static func write(
        header: Data, nonce: Data, fileKey: SymmetricKey, from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>, progress: ((Int) -> Void)?
    ) throws(SealError) {
        try sink.sealWrite(header + nonce)
        try AgeStream.seal(
            from: &source, to: &sink, key: payloadKey(fileKey: fileKey, nonce: nonce), progress: progress)
    }

    /// Streams an age file (binary or armored, detected from its first bytes) from `source` into
    /// `sink`. Each 64 KiB chunk is written only after its tag verified; when this throws, what was
    /// written is authentic but incomplete, so callers writing files write to a temporary file and
    /// keep it only when this returns.
    public static func decrypt(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        identities: [any AgeIdentity],
        progress: ((Int) -> Void)? = nil
    ) throws(SealError) {
        var input = BufferedSource(SealSource(source))
        if try ArmoredSource.looksArmored(&input) {
            var dearmored = BufferedSource(try ArmoredSource(input))
            try decryptBinary(from: &dearmored, to: &sink, identities: identities, progress: progress)
        } else {
            try decryptBinary(from: &input, to: &sink, identities: identities, progress: progress)
        }
    }

    private static func decryptBinary<Base>(
        from input: inout BufferedSource<Base>, to sink: inout some ByteSink<some SealErrorConvertible>,
        identities: [any AgeIdentity],
        progress: ((Int) -> Void)?
    ) throws(SealError) where Base.Failure == SealError {
        let header = try SealError.staged(.ageHeader) { () throws(SealError) in try AgeHeader.parse(from: &input) }
        guard !identities.isEmpty else { throw .invalidParameter("no identities: give at least one") }
        if header.stanzas.count > 1 && header.stanzas.contains(where: { $0.type == ScryptRecipient.stanzaType }) {
            throw .malformed(
                SealErrorContext(
                    "a scrypt (passphrase) stanza is not alone in the header, as the age spec requires",
                    stage: .ageRecipientStanza))
        }
        var fileKey: SymmetricKey?
        for identity in identities where fileKey == nil {
            fileKey = try SealError.staged(.ageRecipientStanza) { () throws(SealError) in
                try identity.unwrap(header.stanzas)
            }
        }
        guard let fileKey else {
            let types = Set(header.stanzas.map(\.type)).sorted().joined(separator: ", ")
            throw .wrongCredentials(
                SealErrorContext(
                    "no identity opened any of the \(header.stanzas.count) recipient stanza(s) (\(types)); "
                        + "check the identity file or passphrase", stage: .ageRecipientStanza))
        }
        guard header.verifyMAC(fileKey: fileKey) else {
            throw .authenticationFailed(
                SealErrorContext("the header MAC does not verify; the header was altered", stage: .ageHeaderMAC))
        }
        let nonce = try input.readFully(16)
        guard nonce.count == 16 else {
            throw .malformed(
                SealErrorContext(
                    "the file ends \(nonce.count) bytes into the 16-byte payload nonce", stage: .agePayloadNonce))
        }
        let payloadStart = input.offset
        do {
            try AgeStream.open(
                from: &input, to: &sink, key: payloadKey(fileKey: fileKey, nonce: nonce), progress: progress)
        } catch {
            // AgeStream counts from the payload's first byte; callers get offsets into the file.
            throw error.with { context in
                if context.stage == .agePayloadChunk { context.offset = (context.offset ?? 0) + payloadStart }
            }
        }
    }

    static func payloadKey(fileKey: SymmetricKey, nonce: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: fileKey, salt: nonce, info: Data("payload".utf8), outputByteCount: 32)
    }
}
