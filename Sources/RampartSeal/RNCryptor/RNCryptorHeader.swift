import Foundation

extension RNCryptor {
    /// The plain-text header that starts every RNCryptor v3 message: version, options, the two
    /// PBKDF2 salts (password-based only) and the AES-CBC IV.
    ///
    /// The header is covered by the message's HMAC, so ``parse(_:)`` only checks its shape; whether
    /// it was altered is known once the HMAC is verified.
    ///
    /// ```swift
    /// let header = try RNCryptor.Header.parse(message)
    /// if case .passwordBased = header.mode { print("needs a password") }
    /// let sameBytes = header.encode()          // 34 or 18 bytes
    /// ```
    public struct Header: Sendable, Equatable {
        /// How the message's keys are obtained.
        ///
        /// ```swift
        /// let mode = RNCryptor.Header.Mode.passwordBased(encryptionSalt: saltA, hmacSalt: saltB)
        /// ```
        public enum Mode: Sendable, Equatable {
            /// Options byte `0x01`: both keys come from a password through PBKDF2 with these 8-byte salts.
            case passwordBased(encryptionSalt: Data, hmacSalt: Data)
            /// Options byte `0x00`: the caller holds a 32-byte encryption key and a 32-byte HMAC key.
            case keyBased
        }

        /// The only version byte this library reads and writes.
        ///
        /// ```swift
        /// let looksRight = message.first == RNCryptor.Header.version
        /// ```
        public static let version: UInt8 = 3

        /// The size of a password-based header: version, options, two 8-byte salts, 16-byte IV.
        ///
        /// ```swift
        /// let bodyStart = RNCryptor.Header.passwordBasedCount   // 34
        /// ```
        public static let passwordBasedCount = 34

        /// The size of a key-based header: version, options, 16-byte IV.
        ///
        /// ```swift
        /// let bodyStart = RNCryptor.Header.keyBasedCount   // 18
        /// ```
        public static let keyBasedCount = 18

        /// The size of each PBKDF2 salt.
        ///
        /// ```swift
        /// let salt = Data(repeating: 0, count: RNCryptor.Header.saltCount)
        /// ```
        public static let saltCount = 8

        /// The size of the AES-CBC IV.
        ///
        /// ```swift
        /// let iv = Data(repeating: 0, count: RNCryptor.Header.ivCount)
        /// ```
        public static let ivCount = 16

        /// How the keys are obtained, with the salts for password-based messages.
        ///
        /// ```swift
        /// if case .passwordBased(let encryptionSalt, _) = header.mode { print(encryptionSalt.count) }
        /// ```
        public let mode: Mode

        /// The 16-byte IV of the first AES-CBC block.
        ///
        /// ```swift
        /// print(header.iv.count)   // 16
        /// ```
        public let iv: Data

        /// A header with the given mode and IV; salts must be 8 bytes and the IV 16 bytes.
        ///
        /// ```swift
        /// let header = try RNCryptor.Header(mode: .keyBased, iv: Data(repeating: 0, count: 16))
        /// ```
        public init(mode: Mode, iv: Data) throws(SealError) {
            if case .passwordBased(let encryptionSalt, let hmacSalt) = mode {
                guard encryptionSalt.count == Self.saltCount, hmacSalt.count == Self.saltCount else {
                    throw .invalidParameter(
                        "RNCryptor v3 salts are 8 bytes each; got \(encryptionSalt.count) and \(hmacSalt.count)")
                }
                self.mode = .passwordBased(encryptionSalt: Data(encryptionSalt), hmacSalt: Data(hmacSalt))
            } else {
                self.mode = .keyBased
            }
            guard iv.count == Self.ivCount else {
                throw .invalidParameter("the RNCryptor v3 IV is 16 bytes; got \(iv.count)")
            }
            self.iv = Data(iv)
        }

        /// The options byte: `0x01` password-based, `0x00` key-based.
        ///
        /// ```swift
        /// print(header.options)   // 1
        /// ```
        public var options: UInt8 {
            if case .passwordBased = mode { return 1 }
            return 0
        }

        /// The header's encoded size: 34 password-based, 18 key-based.
        ///
        /// ```swift
        /// let ciphertextStart = header.count
        /// ```
        public var count: Int {
            if case .passwordBased = mode { return Self.passwordBasedCount }
            return Self.keyBasedCount
        }

        /// The header's bytes as they start a message.
        ///
        /// ```swift
        /// var message = header.encode()
        /// ```
        public func encode() -> Data {
            var bytes = Data(capacity: count)
            bytes.append(Self.version)
            bytes.append(options)
            if case .passwordBased(let encryptionSalt, let hmacSalt) = mode {
                bytes.append(encryptionSalt)
                bytes.append(hmacSalt)
            }
            bytes.append(iv)
            return bytes
        }

        /// The header at the start of `message` (the bytes after it are ignored).
        ///
        /// Throws ``SealError/unrecognizedFormat(_:)`` when the version or options byte is not
        /// RNCryptor v3, and ``SealError/truncated(_:)`` when `message` ends inside the header.
        ///
        /// ```swift
        /// let header = try RNCryptor.Header.parse(message)
        /// let ciphertext = message.dropFirst(header.count).dropLast(32)
        /// ```
        public static func parse(_ message: some DataProtocol) throws(SealError) -> Header {
            let bytes = Array(message.prefix(passwordBasedCount))
            guard bytes.count >= 2 else {
                if let first = bytes.first { _ = try headerCount(version: first, options: nil) }
                throw .truncated(
                    SealErrorContext(
                        "the data is \(bytes.count) byte(s) long; an RNCryptor v3 message starts with a version byte,"
                            + " an options byte and an IV and is at least 66 bytes: the input was cut short",
                        stage: .rncryptorHeader, offset: bytes.count))
            }
            let needed = try headerCount(version: bytes[0], options: bytes[1]) ?? keyBasedCount
            guard bytes.count >= needed else {
                throw .truncated(
                    SealErrorContext(
                        "the data ends at byte offset \(bytes.count), inside the \(needed)-byte RNCryptor v3 header:"
                            + " the input was cut short", stage: .rncryptorHeader, offset: bytes.count))
            }
            if bytes[1] == 1 {
                return try Header(
                    mode: .passwordBased(encryptionSalt: Data(bytes[2..<10]), hmacSalt: Data(bytes[10..<18])),
                    iv: Data(bytes[18..<34]))
            }
            return try Header(mode: .keyBased, iv: Data(bytes[2..<18]))
        }

        /// Checks the version byte (offset 0) and, when known, the options byte (offset 1), and
        /// returns the header size they imply (`nil` when the options byte is not known yet).
        static func headerCount(version: UInt8, options: UInt8?) throws(SealError) -> Int? {
            guard version == Self.version else {
                let hint = version == 2 || version == 1 ? " (RNCryptor v\(version) is not supported)" : ""
                throw .unrecognizedFormat(
                    SealErrorContext(
                        "byte offset 0 is \(hex(version)), but RNCryptor v3 data starts with 0x03\(hint):"
                            + " this is not RNCryptor v3 data; check that the input is the file you meant",
                        stage: .rncryptorHeader, offset: 0))
            }
            guard let options else { return nil }
            switch options {
            case 0: return keyBasedCount
            case 1: return passwordBasedCount
            default:
                throw .unrecognizedFormat(
                    SealErrorContext(
                        "the options byte at offset 1 is \(hex(options)), but RNCryptor v3 allows only 0x00 (key-based)"
                            + " or 0x01 (password-based): this is not RNCryptor v3 data", stage: .rncryptorHeader,
                        offset: 1))
            }
        }
    }

    /// `0x`-prefixed two-digit hex of a byte, for messages.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
