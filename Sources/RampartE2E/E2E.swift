import Crypto
import Foundation
import RampartIO
import RampartSeal

/// End-to-end encryption between users (module `RampartE2E`): HPKE (RFC 9180, swift-crypto) wraps a
/// random file key once per recipient, age's STREAM seals the body in 64 KiB chunks under a key bound
/// to the whole header, and an optional sender signature (Ed25519, plus ML-DSA-65 for post-quantum
/// identities) ends the plaintext. The format is docs/E2E-ENVELOPE.md.
///
/// Entry points: ``E2EIdentity`` (generate, parse, ``E2EIdentityFile``, ``E2EVaultIdentity``),
/// ``E2EPublicKey`` (a file of them: ``E2EPublicKeyFile``), ``E2E/seal(_:to:from:aead:)``, ``E2E/open(_:with:from:)``,
/// ``E2E/open(from:to:identity:expected:)`` (streaming into an `OutputDestination` that releases
/// nothing before the signature verified), ``E2ESafetyNumber``.
///
/// ```swift
/// let alice = try E2EIdentity.generate(.postQuantum)
/// let bob = try E2EIdentity.generate(.postQuantum)
/// let sealed = try E2E.seal(Data("meet at noon".utf8), to: [bob.publicKey], from: alice)
/// let message = try E2E.open(sealed, with: bob, from: alice.publicKey)   // throws wrongSender otherwise
/// ```
public enum E2E {
    /// Seals `message` to every recipient, signed by `sender` when given (anonymous otherwise).
    public static func seal(
        _ message: some DataProtocol, to recipients: [E2EPublicKey], from sender: E2EIdentity? = nil,
        aead: E2EKeyWrapAEAD = .chaCha20Poly1305
    ) throws(E2EError) -> Data {
        var source = DataSource(Data(message))
        var sink = DataSink()
        try seal(from: &source, to: &sink, recipients: recipients, sender: sender, aead: aead)
        return sink.data
    }

    /// Opens an envelope with `identity`; with `expected`, a message not signed by that key is refused.
    public static func open(
        _ sealed: some DataProtocol, with identity: E2EIdentity, from expected: E2EPublicKey? = nil
    ) throws(E2EError) -> E2EMessage {
        var source = DataSource(Data(sealed))
        var sink = DataSink()
        // The plaintext is returned only once the signature verified: `sink` is never seen otherwise.
        let sender = try openUnverified(from: &source, to: &sink, identity: identity, expected: expected)
        return E2EMessage(plaintext: sink.data, sender: sender)
    }

    /// Streams `source` into an envelope written to `sink`, in constant memory.
    public static func seal(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        recipients: [E2EPublicKey],
        sender: E2EIdentity? = nil, aead: E2EKeyWrapAEAD = .chaCha20Poly1305
    ) throws(E2EError) {
        try seal(
            from: &source, to: &sink, recipients: recipients, sender: sender, aead: aead, randomness: .fresh())
    }

    /// Seals with the given random inputs (tests rebuild the published vectors with fixed ones).
    package static func seal(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        recipients: [E2EPublicKey],
        sender: E2EIdentity?, aead: E2EKeyWrapAEAD, randomness: E2ESealRandomness
    ) throws(E2EError) {
        guard let kind = recipients.first?.kind else {
            throw .invalidKey("no recipients: give at least one public key")
        }
        guard recipients.allSatisfy({ $0.kind == kind }) else {
            throw .invalidKey(
                "the recipients mix key kinds (\(Set(recipients.map(\.kind.description)).sorted().joined(separator: ", "))); "
                    + "one envelope has one suite: seal separately per kind")
        }
        guard recipients.count <= E2EEnvelope.maximumRecipients else {
            throw .invalidKey(
                "\(recipients.count) recipients; an envelope holds at most \(E2EEnvelope.maximumRecipients)")
        }
        let fileKey = randomness.fileKey
        guard fileKey.count == E2EEnvelope.fileKeySize, randomness.nonce.count == 16 else {
            throw .invalidKey("a file key is 32 bytes and a payload nonce 16")
        }
        var envelope = E2EEnvelope(
            kind: kind, aead: kind.keyWrapAEAD(requested: aead),
            entries: recipients.map { _ in E2EEnvelope.Entry(enc: Data(), wrappedKey: Data()) },
            nonce: randomness.nonce)
        if let recorded = randomness.entries {
            guard recorded.count == recipients.count else {
                throw .invalidKey("\(recorded.count) recorded entries for \(recipients.count) recipients")
            }
            envelope.entries = recorded
        } else {
            let aad = envelope.prefix
            for (index, recipient) in recipients.enumerated() {
                let (enc, wrapped) = try recipient.wrap(fileKey, suite: envelope.suite, aad: aad)
                envelope.entries[index] = E2EEnvelope.Entry(enc: enc, wrappedKey: wrapped)
            }
        }
        envelope.sealMAC(fileKey: fileKey)
        let header = envelope.encoded
        var plaintext = E2ESigningSource(source, sender: sender, headerHash: Data(SHA256.hash(data: header)))
        do {
            try sink.sealWrite(header)
            try AgeStream.seal(from: &plaintext, to: &sink, key: envelope.payloadKey(fileKey: fileKey))
        } catch {
            if let failure = plaintext.signingFailure { throw failure }
            throw E2EError(error)
        }
    }

    /// Streams an envelope from `source` into `destination`, in constant memory, and returns its
    /// signer (`nil`: anonymous).
    ///
    /// The sender's signature can only be checked at the end, so nothing is released before it
    /// verified: a file gets its name only then (until then it is an unnamed temporary file, gone on
    /// any failure, interruption or kill), and standard output, a FIFO or a device receive the
    /// plaintext only then (it is held in an unnamed 0600 temporary file meanwhile). On any error
    /// nothing of the plaintext is left or shown. See `OutputDestination`.
    ///
    /// ```swift
    /// var source = try FileSource(path: "msg.e2e")
    /// let sender = try E2E.open(
    ///     from: &source, to: .file("notes.txt", replacing: false), identity: bob, expected: alice.publicKey)
    /// ```
    public static func open(
        from source: inout some ByteSource<some SealErrorConvertible>, to destination: OutputDestination,
        identity: E2EIdentity,
        expected: E2EPublicKey? = nil
    ) throws(E2EError) -> E2EPublicKey? {
        var sender: E2EPublicKey?
        try destination.write(holdUntilDone: true, mappingErrors: { E2EError.io($0) }) {
            (sink: inout any ByteSink<IOError>) throws(E2EError) in
            sender = try openUnverified(from: &source, to: &sink, identity: identity, expected: expected)
        }
        return sender
    }

    /// Streams an envelope from `source` into `sink` and returns its signer (`nil`: anonymous).
    ///
    /// **What reaches `sink` is not verified yet**: chunks are written once their tag verified, but
    /// the sender's signature (and the end of the stream) is checked only when this returns. A
    /// caller must treat everything written as unverified and discard it when this throws; the
    /// public entry points (``open(from:to:identity:expected:)`` into an `OutputDestination`, and
    /// ``open(_:with:from:)``) do so. `package`, so no application can release it by mistake.
    package static func openUnverified(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>,
        identity: E2EIdentity,
        expected: E2EPublicKey? = nil
    ) throws(E2EError) -> E2EPublicKey? {
        var input = BufferedSource(SealSource(source))
        let envelope = try E2EEnvelope.parse(from: &input)
        guard envelope.kind == identity.kind else {
            throw .notARecipient(
                "the message is sealed to \(envelope.kind) keys; this identity is \(identity.kind)")
        }
        var fileKey: Data?
        let aad = envelope.prefix
        for entry in envelope.entries where fileKey == nil {
            if let key = identity.unwrap(enc: entry.enc, ciphertext: entry.wrappedKey, suite: envelope.suite, aad: aad),
                key.count == E2EEnvelope.fileKeySize
            {
                fileKey = key
            }
        }
        guard let fileKey else {
            throw .notARecipient(
                "none of the \(envelope.entries.count) recipient entries opens with \(identity.publicKey.keyID); "
                    + "the message is for someone else (or its header was altered)")
        }
        guard envelope.hasValidMAC(fileKey: fileKey) else {
            throw .tampered(
                "the header MAC does not verify under the file key this identity's entry holds: the header was "
                    + "altered, or the sender gave recipients different keys to show them different messages")
        }
        let headerHash = Data(SHA256.hash(data: envelope.encoded))
        var opening = E2EOpeningSink(sink, expected: expected, headerHash: headerHash)
        do {
            try AgeStream.open(from: &input, to: &opening, key: envelope.payloadKey(fileKey: fileKey))
        } catch {
            if let failure = opening.failure { throw failure }
            if let output = opening.outputFailure { throw E2EError(output) }
            switch error {
            case .io, .brokenPipe, .notFound, .cannotCreateOutput: throw E2EError(error)
            default: throw .tampered("the body does not authenticate: \(error.context.detail)")
            }
        }
        try opening.finish()
        sink = opening.outer
        return opening.sender
    }
}
