import Crypto
import Foundation
import RampartIO
import _CryptoExtras

extension RNCryptor {
    /// Incremental RNCryptor v3 decryption: feed the message to ``update(_:)`` in pieces of any
    /// size, then call ``finish()``, which verifies the HMAC.
    ///
    /// - Important: the plaintext that ``update(_:)`` returns is **not authenticated** until
    ///   ``finish()`` returns normally. Write it somewhere provisional (a temporary file) and keep it
    ///   only if `finish()` succeeds; if `finish()` throws, discard everything.
    ///
    /// ```swift
    /// var decryptor = try RNCryptor.Decryptor(password: "correct horse")
    /// var provisional = try decryptor.update(message.prefix(100))
    /// provisional += try decryptor.update(message.dropFirst(100))
    /// provisional += try decryptor.finish()   // throws if the password is wrong or the data altered
    /// ```
    public struct Decryptor {
        /// The message's header, once enough bytes have been seen to parse it.
        ///
        /// ```swift
        /// if let header = decryptor.header { print(header.mode) }
        /// ```
        public private(set) var header: Header?

        private let credentials: Credentials
        private let producesPlaintext: Bool
        private var headerBytes = Data()
        private var encryptionKey: SymmetricKey?
        private var hmac: HMAC<SHA256>?
        private var chainIV: AES._CBC.IV?
        /// Body bytes (after the header) not processed yet: at least the last block and the MAC.
        private var pending = Data()
        /// Body bytes already MACed (and decrypted).
        private var processed = 0
        private var finished = false

        /// Decryption of password-based messages (options byte `0x01`).
        ///
        /// ```swift
        /// var decryptor = try RNCryptor.Decryptor(password: "correct horse")
        /// ```
        public init(password: String) throws(SealError) {
            self.init(credentials: try .checkedPassword(password), producesPlaintext: true)
        }

        /// Decryption of key-based messages (options byte `0x00`); both keys must be 32 bytes.
        ///
        /// ```swift
        /// var decryptor = try RNCryptor.Decryptor(encryptionKey: key, hmacKey: macKey)
        /// ```
        public init(encryptionKey: SymmetricKey, hmacKey: SymmetricKey) throws(SealError) {
            self.init(credentials: try .checkedKeys(encryption: encryptionKey, hmac: hmacKey), producesPlaintext: true)
        }

        /// A decryptor that only MACs (`producesPlaintext == false` never decrypts: verification).
        init(credentials: Credentials, producesPlaintext: Bool) {
            self.credentials = credentials
            self.producesPlaintext = producesPlaintext
        }

        /// Takes the next piece of the message and returns the plaintext it completes, which is
        /// **unauthenticated** until ``finish()`` returns. The last block and the HMAC are held back.
        ///
        /// ```swift
        /// try provisionalSink.write(decryptor.update(chunk))
        /// ```
        public mutating func update(_ bytes: some DataProtocol) throws(SealError) -> Data {
            guard !finished else {
                throw .invalidParameter("RNCryptor.Decryptor.update was called after finish(): start a new decryptor")
            }
            var input = (bytes as? Data) ?? Data(bytes)
            if header == nil {
                input = try takeHeaderBytes(from: input)
                if header == nil { return Data() }
            }
            return try takeBody(input)
        }

        /// Verifies the HMAC (in constant time) and returns the last plaintext, with the padding
        /// removed. When it returns normally, everything this decryptor returned is authentic.
        ///
        /// ```swift
        /// try provisionalSink.write(decryptor.finish())
        /// ```
        public mutating func finish() throws(SealError) -> Data {
            guard !finished else {
                throw .invalidParameter("RNCryptor.Decryptor.finish was called twice: start a new decryptor")
            }
            finished = true
            guard let header, var hmac, let encryptionKey, let chainIV else {
                _ = try Header.parse(headerBytes)  // throws the precise error for a short header
                throw .truncated("the data ends inside the RNCryptor v3 header: the input was cut short")
            }
            try checkBodyCount(processed + pending.count, headerCount: header.count)
            let tagStart = pending.endIndex - macCount
            let lastBlocks = pending[pending.startIndex..<tagStart]
            hmac.update(data: lastBlocks)
            guard macsEqual(hmac.finalize(), pending[tagStart...]) else {
                throw authenticationFailure(
                    credentials: credentials, tagOffset: header.count + processed + lastBlocks.count)
            }
            defer { pending = Data() }
            guard producesPlaintext else { return Data() }
            do {
                return try AES._CBC.decrypt(lastBlocks, using: encryptionKey, iv: chainIV, noPadding: false)
            } catch {
                throw paddingFailure(blockOffset: header.count + processed + lastBlocks.count - blockCount)
            }
        }

        /// Moves header bytes from `input` into `headerBytes`, parses the header once complete and
        /// returns what is left of `input`.
        private mutating func takeHeaderBytes(from input: Data) throws(SealError) -> Data {
            var input = input
            if headerBytes.count < 2 {
                let taken = input.prefix(2 - headerBytes.count)
                headerBytes.append(taken)
                input = input.dropFirst(taken.count)
                if let version = headerBytes.first {
                    _ = try Header.headerCount(version: version, options: nil)
                }
                guard headerBytes.count == 2 else { return input }
                try credentials.checkMatches(options: headerBytes[headerBytes.startIndex + 1])
            }
            let needed =
                try Header.headerCount(version: headerBytes[headerBytes.startIndex], options: headerBytes[1])
                ?? Header.keyBasedCount
            let taken = input.prefix(needed - headerBytes.count)
            headerBytes.append(taken)
            input = input.dropFirst(taken.count)
            guard headerBytes.count == needed else { return input }
            let header = try Header.parse(headerBytes)
            let keys = try credentials.keys(for: header)
            var hmac = HMAC<SHA256>(key: keys.hmac)
            hmac.update(data: headerBytes)
            self.hmac = hmac
            self.encryptionKey = keys.encryption
            self.chainIV = try makeIV(header.iv)
            self.header = header
            return input
        }

        /// MACs and decrypts every whole block of the body except the last block and the 32 bytes
        /// that may be the HMAC, keeping those in `pending`.
        private mutating func takeBody(_ input: Data) throws(SealError) -> Data {
            let holdback = blockCount + macCount
            let total = pending.count + input.count
            var ready = total - holdback
            ready -= ready % blockCount
            guard ready > 0 else {
                pending.append(input)
                return Data()
            }
            var output = Data()
            let fill = (blockCount - pending.count % blockCount) % blockCount
            if pending.isEmpty {
                append(try process(input.prefix(ready)), to: &output)
                pending = Data(input.dropFirst(ready))
            } else if pending.count + fill <= ready && fill <= input.count && pending.count + input.count > 4096 {
                // Only the short held-back bytes are copied; the bulk of `input` is processed in place.
                var head = pending
                head.append(input.prefix(fill))
                append(try process(head), to: &output)
                let rest = ready - head.count
                let start = input.startIndex + fill
                if rest > 0 { append(try process(input[start..<start + rest]), to: &output) }
                pending = Data(input[(start + rest)...])
            } else {
                var all = pending
                all.append(input)
                append(try process(all.prefix(ready)), to: &output)
                pending = Data(all.dropFirst(ready))
            }
            return output
        }

        /// MACs whole blocks and, unless only verifying, decrypts them, a bounded segment at a time.
        private mutating func process(_ blocks: Data) throws(SealError) -> Data {
            guard blocks.count > segmentCount else { return try processSegment(blocks) }
            var output = Data(capacity: producesPlaintext ? blocks.count : 0)
            var start = blocks.startIndex
            while start < blocks.endIndex {
                let end = min(start + segmentCount, blocks.endIndex)
                output.append(try processSegment(blocks[start..<end]))
                start = end
            }
            return output
        }

        private mutating func processSegment(_ blocks: Data) throws(SealError) -> Data {
            guard let encryptionKey, let iv = chainIV else { return Data() }
            if producesPlaintext, blocks.count >= 1 << 16, let mac = hmac {
                // The MAC and CBC decryption both read only the ciphertext: run them on two cores.
                let results = ParallelMap.run(2) { index -> SegmentResult? in
                    if index == 0 {
                        var updated = mac
                        updated.update(data: blocks)
                        return .mac(updated)
                    }
                    return (try? AES._CBC.decrypt(blocks, using: encryptionKey, iv: iv, noPadding: true))
                        .map(SegmentResult.plaintext)
                }
                guard case .mac(let updated)? = results[0], case .plaintext(let plaintext)? = results[1] else {
                    throw .malformed("AES-CBC decryption failed at byte \(processed)")
                }
                hmac = updated
                processed += blocks.count
                chainIV = try makeIV(blocks.suffix(blockCount))
                return plaintext
            }
            hmac?.update(data: blocks)
            processed += blocks.count
            chainIV = try makeIV(blocks.suffix(blockCount))
            guard producesPlaintext else { return Data() }
            do {
                return try AES._CBC.decrypt(blocks, using: encryptionKey, iv: iv, noPadding: true)
            } catch {
                throw .malformed("AES-CBC decryption failed: \(error)")
            }
        }
    }
}

/// What each half of a parallel segment produced.
private enum SegmentResult: Sendable {
    case mac(HMAC<SHA256>)
    case plaintext(Data)
}
