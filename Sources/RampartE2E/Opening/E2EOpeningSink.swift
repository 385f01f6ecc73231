import Crypto
import Foundation
import RampartIO
import RampartSeal

/// Receives an envelope's authenticated plaintext: parses the sender block (refusing a sender other
/// than the expected one before anything is written), passes the message on while holding back the
/// signature block, and checks the signature in ``finish()``.
struct E2EOpeningSink<Outer: ByteSink>: ByteSink where Outer.Failure: SealErrorConvertible {
    typealias Failure = SealError

    private(set) var outer: Outer
    private let expected: E2EPublicKey?
    private let headerHash: Data
    private var header = Data()
    private var inBody = false
    private var tail = Data()
    private var hasher = SHA256()
    /// The sender named by the sender block, once read.
    private(set) var sender: E2EPublicKey?
    /// Why the sink stopped the stream, when it did (the stream only carries a ``SealError``).
    private(set) var failure: E2EError?
    /// The output's own failure (a full disk, a closed pipe), when writing to it failed.
    private(set) var outputFailure: SealError?

    init(_ outer: Outer, expected: E2EPublicKey?, headerHash: Data) {
        self.outer = outer
        self.expected = expected
        self.headerHash = headerHash
    }

    private var signatureSize: Int { sender?.kind.signatureSize ?? 0 }

    mutating func write(_ bytes: Data) throws(SealError) {
        var body = bytes
        if !inBody {
            header.append(bytes)
            let decoded: (sender: E2EPublicKey?, length: Int)?
            do {
                decoded = try E2ESenderBlock.decode(header)
            } catch {
                return try stop(error)
            }
            guard let decoded else { return }
            if let expected {
                guard let sender = decoded.sender else {
                    return try stop(.wrongSender("the message is anonymous; \(expected.keyID) was expected to sign it"))
                }
                guard sender == expected else {
                    return try stop(
                        .wrongSender("the message is signed by \(sender.keyID), not by \(expected.keyID) as expected"))
                }
            }
            sender = decoded.sender
            hasher.update(data: header.prefix(decoded.length))
            body = Data(header.dropFirst(decoded.length))
            header = Data()
            inBody = true
        }
        tail.append(body)
        guard tail.count > signatureSize else { return }
        let out = Data(tail.prefix(tail.count - signatureSize))
        tail = Data(tail.suffix(signatureSize))
        hasher.update(data: out)
        do {
            try outer.sealWrite(out)
        } catch {
            outputFailure = error
            throw error
        }
    }

    private mutating func stop(_ error: E2EError) throws(SealError) {
        failure = error
        throw .invalidParameter("stopped by the envelope's sender check")
    }

    /// Checks what only the end can tell: the sender block was complete and the signature verifies.
    func finish() throws(E2EError) {
        guard inBody else { throw .tampered("the plaintext ends inside its sender block") }
        guard let sender else { return }
        guard tail.count == signatureSize else {
            throw .tampered("the plaintext ends before the sender's \(signatureSize)-byte signature")
        }
        let signed = E2ESigningSource<DataSource>.signedBytes(headerHash: headerHash, hasher.finalize())
        guard sender.isValidSignature(tail, for: signed) else {
            throw .tampered("the signature of \(sender.keyID) does not verify; the message was altered or forged")
        }
    }
}
