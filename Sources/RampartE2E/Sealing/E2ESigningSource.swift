import Crypto
import Foundation
import RampartIO
import RampartSeal

/// The plaintext an envelope's body seals: the sender block, the message read from `base`, and,
/// when a sender signs, the signature over the header and all of that, appended once `base` ends.
///
/// A signing failure is the identity's own ``E2EError`` (an unusable key), kept in
/// ``signingFailure``: the stream only carries a ``SealError``, so the source stops it with a
/// placeholder and ``E2E`` throws the kept error instead, never an I/O error.
struct E2ESigningSource<Base: ByteSource>: ByteSource where Base.Failure: SealErrorConvertible {
    typealias Failure = SealError

    private var base: Base
    private var pending: Data
    private var hasher = SHA256()
    private var baseEnded = false
    private let signer: E2EIdentity?
    private let headerHash: Data
    /// Why signing failed, when it did.
    private(set) var signingFailure: E2EError?

    init(_ base: Base, sender: E2EIdentity?, headerHash: Data) {
        self.base = base
        self.signer = sender
        self.headerHash = headerHash
        self.pending = E2ESenderBlock.encode(sender?.publicKey)
        hasher.update(data: pending)
    }

    mutating func read(upTo count: Int) throws(SealError) -> Data {
        if !pending.isEmpty {
            let out = pending.prefix(count)
            pending = Data(pending.dropFirst(out.count))
            return Data(out)
        }
        guard !baseEnded else { return Data() }
        let chunk = try base.sealRead(upTo: count)
        if !chunk.isEmpty {
            hasher.update(data: chunk)
            return chunk
        }
        baseEnded = true
        guard let signer else { return Data() }
        do throws(E2EError) {
            pending = try signer.sign(
                E2ESigningSource<DataSource>.signedBytes(headerHash: headerHash, hasher.finalize()))
        } catch {
            signingFailure = error
            throw .invalidParameter("stopped: the sender's signature could not be made")
        }
        return try read(upTo: count)
    }

    /// What a sender signs: a label, the header's hash and the hash of the sender block and message.
    static func signedBytes(headerHash: Data, _ contentHash: SHA256.Digest) -> Data {
        E2EEnvelope.signatureLabel + headerHash + Data(contentHash)
    }
}
