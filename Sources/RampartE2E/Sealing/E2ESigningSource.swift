import Crypto
import Foundation
import RampartSeal

/// The plaintext an envelope's body seals: the sender block, the message read from `base`, and,
/// when a sender signs, the signature over the header and all of that, appended once `base` ends.
struct E2ESigningSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private var pending: Data
    private var hasher = SHA256()
    private var baseEnded = false
    private let signer: E2EIdentity?
    private let headerHash: Data

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
        let chunk = try base.read(upTo: count)
        if !chunk.isEmpty {
            hasher.update(data: chunk)
            return chunk
        }
        baseEnded = true
        guard let signer else { return Data() }
        do {
            pending = try signer.sign(
                E2ESigningSource<DataSource>.signedBytes(headerHash: headerHash, hasher.finalize()))
        } catch {
            throw .io("signing the message failed: \(error)")
        }
        return try read(upTo: count)
    }

    /// What a sender signs: a label, the header's hash and the hash of the sender block and message.
    static func signedBytes(headerHash: Data, _ contentHash: SHA256.Digest) -> Data {
        E2EEnvelope.signatureLabel + headerHash + Data(contentHash)
    }
}
