import Crypto
import Dispatch
import Foundation
import RampartIO

/// age's STREAM payload: 64 KiB plaintext chunks sealed with ChaCha20-Poly1305 under a nonce of an
/// 11-byte big-endian counter and a last-chunk flag.
///
/// Chunks are independent given their counters, so a batch of them is sealed or opened on all
/// cores at once and written out in order. Memory stays at one batch whatever the file size.
///
/// ```swift
/// var source = DataSource(plaintext)
/// var sink = DataSink()
/// try AgeStream.seal(from: &source, to: &sink, key: payloadKey)
/// ```
package enum AgeStream {
    /// Plaintext bytes per chunk.
    package static let chunkSize = 64 * 1024
    /// Bytes a full chunk occupies in the file.
    package static let sealedChunkSize = chunkSize + 16
    /// Chunks handled per batch (512 KiB): enough to keep every core busy, small enough to keep
    /// peak memory flat.
    static let batchChunks = 8

    private static func nonce(_ counter: UInt64, last: Bool) -> ChaChaPoly.Nonce {
        var bytes = [UInt8](repeating: 0, count: 12)
        var value = counter
        for index in stride(from: 10, through: 3, by: -1) {
            bytes[index] = UInt8(truncatingIfNeeded: value)
            value >>= 8
        }
        bytes[11] = last ? 1 : 0
        // Twelve bytes always make a valid nonce; the fallback is never taken.
        return (try? ChaChaPoly.Nonce(data: bytes)) ?? ChaChaPoly.Nonce()
    }

    /// The next batch of at most `size` bytes, reading one byte ahead (kept in `carry`) so the caller
    /// knows whether more input follows.
    private static func nextBatch(
        _ source: inout some ByteSource<some SealErrorConvertible>, size: Int, carry: inout Data
    ) throws(SealError) -> (body: Data, moreFollows: Bool) {
        var batch = carry
        batch.append(try source.sealReadFully(size + 1 - carry.count))
        let moreFollows = batch.count > size
        carry = moreFollows ? batch.suffix(from: batch.startIndex + size) : Data()
        return (moreFollows ? batch.prefix(size) : batch, moreFollows)
    }

    /// Encrypts everything `source` yields into `sink` as STREAM chunks.
    package static func seal(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>, key: SymmetricKey,
        progress: ((Int) -> Void)? = nil
    ) throws(SealError) {
        var counter: UInt64 = 0
        var carry = Data()
        while true {
            let (body, moreFollows) = try nextBatch(&source, size: batchChunks * chunkSize, carry: &carry)
            let isFinal = !moreFollows
            let pieces = max(1, (body.count + chunkSize - 1) / chunkSize)
            let first = counter
            let sealed = ParallelMap.run(pieces) { index -> ChaChaPoly.SealedBox? in
                let start = body.startIndex + index * chunkSize
                let chunk = body[start..<min(start + chunkSize, body.endIndex)]
                let last = isFinal && index == pieces - 1
                return try? ChaChaPoly.seal(chunk, using: key, nonce: nonce(first + UInt64(index), last: last))
            }
            var joined = Data(capacity: body.count + pieces * 16)
            for box in sealed {
                guard let box else { throw .io("ChaCha20-Poly1305 refused to seal a chunk") }
                // `combined` is nonce ‖ ciphertext ‖ tag: one copy of the last two.
                joined.append(box.combined.dropFirst(12))
            }
            try sink.sealWrite(joined)
            progress?(body.count)
            counter += UInt64(pieces)
            if isFinal { return }
        }
    }

    /// Decrypts STREAM chunks from `source` into `sink`, releasing each chunk only once its tag
    /// verified. Whatever was written before an error was authentic; the error says why the rest
    /// was not (altered chunk, missing final chunk, data after the final chunk).
    package static func open(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>, key: SymmetricKey,
        progress: ((Int) -> Void)? = nil
    ) throws(SealError) {
        var counter: UInt64 = 0
        var carry = Data()
        while true {
            let (body, moreFollows) = try nextBatch(&source, size: batchChunks * sealedChunkSize, carry: &carry)
            if body.isEmpty {
                throw .truncated(
                    SealErrorContext(
                        "the payload has no chunks after its nonce; the file was cut short", stage: .agePayloadChunk,
                        offset: Int(counter) * sealedChunkSize, chunk: Int(counter)))
            }
            let pieces = (body.count + sealedChunkSize - 1) / sealedChunkSize
            // First attempt: every full chunk as a middle chunk, a short tail as the last chunk.
            let first = counter
            let opened = ParallelMap.run(pieces) { index -> Data? in
                let start = body.startIndex + index * sealedChunkSize
                let piece = body[start..<min(start + sealedChunkSize, body.endIndex)]
                guard piece.count > 16 || (piece.count == 16 && first + UInt64(index) == 0) else { return nil }
                return openChunk(piece, key: key, counter: first + UInt64(index), last: piece.count < sealedChunkSize)
            }
            // Authenticated plaintext is gathered and written once per batch; on a failure the
            // chunks before it still go out first, then the error.
            var released = Data(capacity: body.count)
            var failure: SealError?
            var failedChunk: UInt64 = 0
            var done = false
            for index in 0..<pieces {
                let start = body.startIndex + index * sealedChunkSize
                let piece = body[start..<min(start + sealedChunkSize, body.endIndex)]
                let position = counter + UInt64(index)
                let isTail = index == pieces - 1 && !moreFollows
                failedChunk = position
                if let plaintext = opened[index] {
                    if piece.count < sealedChunkSize {
                        if plaintext.isEmpty && position > 0 {
                            failure = .malformed(
                                "the last chunk (number \(position)) is empty; only an empty file may end so")
                        } else {
                            released.append(plaintext)
                            done = true
                        }
                        break
                    }
                    released.append(plaintext)
                    if isTail {
                        failure = .truncated(
                            "the payload ends after chunk \(position) without a final chunk; the file was cut short")
                        failedChunk = position + 1  // the chunk that is missing
                        break
                    }
                    continue
                }
                if piece.count < 16 {
                    failure = .truncated("chunk \(position) is \(piece.count) bytes, shorter than its 16-byte tag")
                } else if piece.count == 16 && position > 0 {
                    failure = .malformed("the last chunk (number \(position)) is empty; only an empty file may end so")
                } else if piece.count == sealedChunkSize,
                    let plaintext = openChunk(piece, key: key, counter: position, last: true)
                {
                    // A full-size chunk that is not a middle chunk may be the (full) final one.
                    released.append(plaintext)
                    if isTail {
                        done = true
                    } else {
                        failure = .malformed("data follows the final chunk (number \(position)); the file was altered")
                        failedChunk = position + 1  // the data after the final chunk
                    }
                } else {
                    failure = .authenticationFailed(
                        SealErrorContext(
                            "chunk \(position) (at payload byte \(position * UInt64(sealedChunkSize))) does not "
                                + "authenticate; the file was altered or damaged"))
                }
                break
            }
            if !released.isEmpty { try sink.sealWrite(released) }
            progress?(body.count)
            if let failure {
                // The offset counts from the first byte of the payload (after the nonce).
                throw failure.with {
                    $0.stage = .agePayloadChunk
                    $0.chunk = Int(failedChunk)
                    $0.offset = Int(failedChunk) * sealedChunkSize
                }
            }
            if done { return }
            counter += UInt64(pieces)
        }
    }

    private static func openChunk(_ piece: Data, key: SymmetricKey, counter: UInt64, last: Bool) -> Data? {
        guard piece.count >= 16,
            let box = try? ChaChaPoly.SealedBox(
                nonce: nonce(counter, last: last), ciphertext: piece.dropLast(16), tag: piece.suffix(16))
        else { return nil }
        return try? ChaChaPoly.open(box, using: key)
    }
}
