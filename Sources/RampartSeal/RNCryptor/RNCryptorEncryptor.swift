import Crypto
import Foundation
import RampartIO
import _CryptoExtras

extension RNCryptor {
    /// Incremental RNCryptor v3 encryption: feed plaintext to ``update(_:)`` in pieces of any size,
    /// then call ``finish()`` once; the concatenated outputs are the message.
    ///
    /// Memory stays bounded by the largest piece. The initialisers without salts or IV draw them from
    /// the system's secure random generator; the ones that take them exist for test vectors.
    ///
    /// ```swift
    /// var encryptor = try RNCryptor.Encryptor(password: "correct horse")
    /// var message = try encryptor.update(Data("hello, ".utf8))
    /// message += try encryptor.update(Data("world".utf8))
    /// message += try encryptor.finish()
    /// ```
    public struct Encryptor {
        /// The header this encryptor writes first.
        ///
        /// ```swift
        /// print(encryptor.header.iv.count)   // 16
        /// ```
        public let header: Header

        private let encryptionKey: SymmetricKey
        private var hmac: HMAC<SHA256>
        /// Ciphertext already handed out but not yet fed to `hmac` (at most one segment).
        private var unmacked = Data()
        private var chainIV: AES._CBC.IV
        private var headerPending = true
        private var remainder = Data()
        private var finished = false

        /// Password-based encryption with fresh random salts and IV.
        ///
        /// ```swift
        /// var encryptor = try RNCryptor.Encryptor(password: "correct horse")
        /// ```
        public init(password: String) throws(SealError) {
            try self.init(
                password: password, encryptionSalt: randomBytes(Header.saltCount),
                hmacSalt: randomBytes(Header.saltCount), iv: randomBytes(Header.ivCount))
        }

        /// Password-based encryption with the given 8-byte salts and 16-byte IV (for test vectors;
        /// reusing salts or IVs across messages weakens the encryption).
        ///
        /// ```swift
        /// var encryptor = try RNCryptor.Encryptor(
        ///     password: "thepassword", encryptionSalt: saltA, hmacSalt: saltB, iv: iv)
        /// ```
        public init(password: String, encryptionSalt: Data, hmacSalt: Data, iv: Data) throws(SealError) {
            let credentials = try Credentials.checkedPassword(password)
            let header = try Header(mode: .passwordBased(encryptionSalt: encryptionSalt, hmacSalt: hmacSalt), iv: iv)
            try self.init(header: header, keys: credentials.keys(for: header))
        }

        /// Key-based encryption with a fresh random IV; both keys must be 32 bytes.
        ///
        /// ```swift
        /// var encryptor = try RNCryptor.Encryptor(
        ///     encryptionKey: SymmetricKey(size: .bits256), hmacKey: SymmetricKey(size: .bits256))
        /// ```
        public init(encryptionKey: SymmetricKey, hmacKey: SymmetricKey) throws(SealError) {
            try self.init(encryptionKey: encryptionKey, hmacKey: hmacKey, iv: randomBytes(Header.ivCount))
        }

        /// Key-based encryption with the given 16-byte IV (for test vectors).
        ///
        /// ```swift
        /// var encryptor = try RNCryptor.Encryptor(encryptionKey: key, hmacKey: macKey, iv: iv)
        /// ```
        public init(encryptionKey: SymmetricKey, hmacKey: SymmetricKey, iv: Data) throws(SealError) {
            let credentials = try Credentials.checkedKeys(encryption: encryptionKey, hmac: hmacKey)
            let header = try Header(mode: .keyBased, iv: iv)
            try self.init(header: header, keys: credentials.keys(for: header))
        }

        private init(header: Header, keys: (encryption: SymmetricKey, hmac: SymmetricKey)) throws(SealError) {
            self.header = header
            self.encryptionKey = keys.encryption
            self.hmac = HMAC<SHA256>(key: keys.hmac)
            let headerBytes = header.encode()
            hmac.update(data: headerBytes)
            self.chainIV = try makeIV(header.iv)
        }

        /// Encrypts the next piece of plaintext and returns the message bytes that are now final
        /// (the header on the first call, then whole AES blocks; up to 15 bytes wait for the next call).
        ///
        /// ```swift
        /// try sink.write(encryptor.update(chunk))
        /// ```
        public mutating func update(_ plaintext: some DataProtocol) throws(SealError) -> Data {
            guard !finished else {
                throw .invalidParameter("RNCryptor.Encryptor.update was called after finish(): start a new encryptor")
            }
            let input = (plaintext as? Data) ?? Data(plaintext)
            var output = takeHeader(reserving: input.count)
            let total = remainder.count + input.count
            let aligned = total - total % blockCount
            guard aligned > 0 else {
                remainder.append(input)
                return output
            }
            var consumed = 0
            if !remainder.isEmpty {
                consumed = blockCount - remainder.count
                var block = remainder
                block.append(input.prefix(consumed))
                try encrypt(block, into: &output)
            }
            let middle = aligned - (remainder.isEmpty ? 0 : blockCount)
            if middle > 0 {
                let start = input.startIndex + consumed
                try encrypt(input[start..<start + middle], into: &output)
                consumed += middle
            }
            remainder = Data(input[(input.startIndex + consumed)...])
            return output
        }

        /// Encrypts the last partial block with PKCS#7 padding and appends the HMAC; the encryptor
        /// cannot be used afterwards.
        ///
        /// ```swift
        /// try sink.write(encryptor.finish())
        /// ```
        public mutating func finish() throws(SealError) -> Data {
            guard !finished else {
                throw .invalidParameter("RNCryptor.Encryptor.finish was called twice: start a new encryptor")
            }
            var output = takeHeader()
            let last: Data
            do {
                last = try AES._CBC.encrypt(remainder, using: encryptionKey, iv: chainIV, noPadding: false)
            } catch {
                throw .invalidParameter("AES-CBC encryption failed: \(error)")
            }
            hmac.update(data: unmacked)
            unmacked = Data()
            hmac.update(data: last)
            output.append(last)
            output.append(contentsOf: hmac.finalize())
            remainder = Data()
            finished = true
            return output
        }

        /// The header on the first call (with room for `reserving` more bytes), else nothing.
        private mutating func takeHeader(reserving: Int = 0) -> Data {
            guard headerPending else { return Data() }
            headerPending = false
            var output = Data(capacity: header.count + reserving + blockCount + macCount)
            output.append(header.encode())
            return output
        }

        /// Encrypts whole blocks, chaining from the previous ciphertext block, and MACs the result,
        /// a bounded segment at a time.
        private mutating func encrypt(_ blocks: Data, into output: inout Data) throws(SealError) {
            var start = blocks.startIndex
            while start < blocks.endIndex {
                let end = min(start + segmentCount, blocks.endIndex)
                append(try encryptSegment(blocks[start..<end]), to: &output)
                start = end
            }
        }

        private mutating func encryptSegment(_ blocks: Data) throws(SealError) -> Data {
            let ciphertext: Data
            if blocks.count >= 1 << 16, !unmacked.isEmpty {
                // CBC encryption is sequential, but the MAC of the previous segment's ciphertext is
                // not: compute it on the other core while this segment is encrypted.
                let (mac, key, iv, previous) = (hmac, encryptionKey, chainIV, unmacked)
                let results = ParallelMap.run(2) { index -> EncryptionStep? in
                    if index == 0 {
                        var updated = mac
                        updated.update(data: previous)
                        return .mac(updated)
                    }
                    return (try? AES._CBC.encrypt(blocks, using: key, iv: iv, noPadding: true)).map(
                        EncryptionStep.ciphertext)
                }
                guard case .mac(let updated)? = results[0], case .ciphertext(let encrypted)? = results[1] else {
                    throw .invalidParameter("AES-CBC encryption failed")
                }
                hmac = updated
                ciphertext = encrypted
            } else {
                do {
                    ciphertext = try AES._CBC.encrypt(blocks, using: encryptionKey, iv: chainIV, noPadding: true)
                } catch {
                    throw .invalidParameter("AES-CBC encryption failed: \(error)")
                }
                hmac.update(data: unmacked)
            }
            unmacked = ciphertext
            chainIV = try makeIV(ciphertext.suffix(blockCount))
            return ciphertext
        }
    }

    /// `count` bytes from the system's secure random number generator.
    static func randomBytes(_ count: Int) -> Data {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Data($0) }
    }

    /// An AES-CBC IV from 16 bytes.
    static func makeIV(_ bytes: some DataProtocol) throws(SealError) -> AES._CBC.IV {
        do {
            return try AES._CBC.IV(ivBytes: Array(bytes))
        } catch {
            throw .invalidParameter("an AES-CBC IV must be 16 bytes; got \(bytes.count)")
        }
    }

    /// Appends `bytes` to `output`, without a copy when `output` is still empty.
    static func append(_ bytes: Data, to output: inout Data) {
        if output.isEmpty {
            output = bytes
        } else {
            output.append(bytes)
        }
    }
}

/// What each half of a pipelined encryption step produced.
private enum EncryptionStep: Sendable {
    case mac(HMAC<SHA256>)
    case ciphertext(Data)
}
