import Crypto
import Dispatch
import Foundation
import RampartIO

/// age's STREAM payload: 64 KiB plaintext chunks sealed with ChaCha20-Poly1305 under a nonce of an
/// 11-byte big-endian counter and a last-chunk flag.
///
/// Chunks are independent given their counters, so a batch of them is sealed or opened on all
/// cores at once and written out in order. Memory stays at one batch whatever the file size:
/// the input is read straight into one buffer reused for every batch (no intermediate `Data`),
/// each chunk's result is copied into the batch's output at its own offset, and that output is
/// handed to the sink without another copy.
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
    /// peak memory flat. Halving it (tried in issue 30) saved under 1 MiB of peak memory and cost
    /// about 5 % more CPU: twice the thread wake-ups per byte.
    static let batchChunks = 8

    /// A buffer the batch's parallel workers write into, each at its own offsets only.
    private struct SharedBytes: @unchecked Sendable {
        let buffer: UnsafeMutableRawBufferPointer

        static func allocate(_ count: Int) -> SharedBytes {
            SharedBytes(buffer: .allocate(byteCount: max(count, 1), alignment: 16))
        }

        func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: buffer[range])
        }

        /// The first `count` bytes as `Data` that owns (and frees) this buffer: no copy.
        func handedOver(count: Int) -> Data {
            guard let base = buffer.baseAddress else { return Data() }
            return Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        }

        func deallocate() { buffer.deallocate() }
    }

    private static func nonce(_ counter: UInt64, last: Bool) -> ChaChaPoly.Nonce {
        var bytes: (UInt64, UInt32) = (0, 0)
        // 12 bytes: one zero byte, the counter big-endian in bytes 3...10 (its top 3 bytes are
        // zero for any real file), the last-chunk flag in byte 11.
        return withUnsafeMutableBytes(of: &bytes) { raw in
            var value = counter
            for index in stride(from: 10, through: 3, by: -1) {
                raw[index] = UInt8(truncatingIfNeeded: value)
                value >>= 8
            }
            raw[11] = last ? 1 : 0
            // Twelve bytes always make a valid nonce; the fallback is never taken.
            return (try? ChaChaPoly.Nonce(data: UnsafeRawBufferPointer(rebasing: raw[0..<12]))) ?? ChaChaPoly.Nonce()
        }
    }

    /// Fills `input` after the `held` bytes already in it (the byte read ahead of the last batch);
    /// returns the batch's size and whether more input follows it (one byte is read past `size`
    /// to know).
    private static func fill(
        _ input: SharedBytes, held: Int, size: Int, from source: inout some ByteSource<some SealErrorConvertible>
    ) throws(SealError) -> (count: Int, moreFollows: Bool) {
        let total =
            held + (try source.sealReadFully(into: UnsafeMutableRawBufferPointer(rebasing: input.buffer[held...])))
        return (min(total, size), total > size)
    }

    /// Encrypts everything `source` yields into `sink` as STREAM chunks.
    package static func seal(
        from source: inout some ByteSource<some SealErrorConvertible>,
        to sink: inout some ByteSink<some SealErrorConvertible>, key: SymmetricKey,
        progress: ((Int) -> Void)? = nil
    ) throws(SealError) {
        let size = batchChunks * chunkSize
        let input = SharedBytes.allocate(size + 1)
        defer { input.deallocate() }
        var counter: UInt64 = 0
        var held = 0
        while true {
            let (count, moreFollows) = try fill(input, held: held, size: size, from: &source)
            let isFinal = !moreFollows
            let pieces = max(1, (count + chunkSize - 1) / chunkSize)
            let first = counter
            let outputCount = count + pieces * 16
            let output = SharedBytes.allocate(outputCount)
            let sealed = ParallelMap.run(pieces) { index -> Bool? in
                let start = index * chunkSize
                let end = min(start + chunkSize, count)
                let last = isFinal && index == pieces - 1
                guard
                    let box = try? ChaChaPoly.seal(
                        input.bytes(start..<end), using: key, nonce: nonce(first + UInt64(index), last: last))
                else { return nil }
                // `combined` is nonce ‖ ciphertext ‖ tag: the last two go to this chunk's place.
                box.combined.withUnsafeBytes { combined in
                    let body = UnsafeRawBufferPointer(rebasing: combined[12...])
                    let place = index * sealedChunkSize
                    UnsafeMutableRawBufferPointer(rebasing: output.buffer[place..<place + body.count])
                        .copyMemory(from: body)
                }
                return true
            }
            guard sealed.allSatisfy({ $0 == true }) else {
                output.deallocate()
                throw .io("ChaCha20-Poly1305 refused to seal a chunk")
            }
            try sink.sealWrite(output.handedOver(count: outputCount))
            progress?(count)
            counter += UInt64(pieces)
            if isFinal { return }
            // The byte read ahead starts the next batch.
            input.buffer[0] = input.buffer[size]
            held = 1
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
        let size = batchChunks * sealedChunkSize
        let input = SharedBytes.allocate(size + 1)
        defer { input.deallocate() }
        var counter: UInt64 = 0
        var held = 0
        while true {
            let (count, moreFollows) = try fill(input, held: held, size: size, from: &source)
            if count == 0 {
                throw .truncated(
                    SealErrorContext(
                        "the payload has no chunks after its nonce; the file was cut short", stage: .agePayloadChunk,
                        offset: Int(counter) * sealedChunkSize, chunk: Int(counter)))
            }
            let pieces = (count + sealedChunkSize - 1) / sealedChunkSize
            let output = SharedBytes.allocate(pieces * chunkSize)
            func piece(_ index: Int) -> UnsafeRawBufferPointer {
                let start = index * sealedChunkSize
                return input.bytes(start..<min(start + sealedChunkSize, count))
            }
            // First attempt: every full chunk as a middle chunk, a short tail as the last chunk.
            // Each opened chunk's plaintext lands at its own place in `output`.
            let first = counter
            let opened = ParallelMap.run(pieces) { index -> Int? in
                let start = index * sealedChunkSize
                let piece = input.bytes(start..<min(start + sealedChunkSize, count))
                guard piece.count > 16 || (piece.count == 16 && first + UInt64(index) == 0) else { return nil }
                return openChunk(
                    piece, key: key, counter: first + UInt64(index), last: piece.count < sealedChunkSize,
                    into: output, at: index * chunkSize)
            }
            // Authenticated plaintext is written once per batch (the first `released` bytes of
            // `output`: every chunk before the last one released is full); on a failure the
            // chunks before it still go out first, then the error.
            var released = 0
            var failure: SealError?
            var failedChunk: UInt64 = 0
            var done = false
            for index in 0..<pieces {
                let piece = piece(index)
                let position = counter + UInt64(index)
                let isTail = index == pieces - 1 && !moreFollows
                failedChunk = position
                if let plaintext = opened[index] {
                    if piece.count < sealedChunkSize {
                        if plaintext == 0 && position > 0 {
                            failure = .malformed(
                                "the last chunk (number \(position)) is empty; only an empty file may end so")
                        } else {
                            released += plaintext
                            done = true
                        }
                        break
                    }
                    released += plaintext
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
                    let plaintext = openChunk(
                        piece, key: key, counter: position, last: true, into: output, at: released)
                {
                    // A full-size chunk that is not a middle chunk may be the (full) final one.
                    released += plaintext
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
            if released > 0 {
                try sink.sealWrite(output.handedOver(count: released))
            } else {
                output.deallocate()
            }
            progress?(count)
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
            input.buffer[0] = input.buffer[size]
            held = 1
        }
    }

    /// Opens one sealed chunk into `output` at `offset`; the plaintext's size, or `nil` when the
    /// chunk does not authenticate (nothing is written then).
    private static func openChunk(
        _ piece: UnsafeRawBufferPointer, key: SymmetricKey, counter: UInt64, last: Bool, into output: SharedBytes,
        at offset: Int
    ) -> Int? {
        guard piece.count >= 16, let base = piece.baseAddress else { return nil }
        // nonce ‖ ciphertext ‖ tag, the form swift-crypto's box keeps, built in one allocation.
        var combined = Data(capacity: 12 + piece.count)
        nonce(counter, last: last).withUnsafeBytes { combined.append(contentsOf: $0) }
        combined.append(base.assumingMemoryBound(to: UInt8.self), count: piece.count)
        guard let box = try? ChaChaPoly.SealedBox(combined: combined),
            let plaintext = try? ChaChaPoly.open(box, using: key)
        else { return nil }
        let written = plaintext.copyBytes(
            to: UnsafeMutableRawBufferPointer(rebasing: output.buffer[offset..<offset + plaintext.count]))
        return written
    }
}
