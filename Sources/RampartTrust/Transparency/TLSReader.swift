/// Reads the TLS presentation language (RFC 8446 §3) the CT structures use: big-endian integers
/// and length-prefixed vectors, every read bounds-checked.
///
/// Reads are slices of the bytes given, never copies, and the name of what is read is built only
/// when a read fails: parsing a certificate's SCTs costs no allocation beyond the values kept.
struct TLSReader {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    /// The offset of the next read from the start of the bytes given.
    var offset: Int { position - bytes.startIndex }
    var isAtEnd: Bool { position == bytes.endIndex }
    var remaining: Int { bytes.endIndex - position }

    /// Why a read failed, with the offset where it did.
    struct Failure: Error {
        var reason: String
    }

    mutating func integer(bytes count: Int, _ what: @autoclosure () -> String) throws(Failure) -> UInt64 {
        guard remaining >= count else {
            throw Failure(reason: "\(what()) at byte \(offset) needs \(count) bytes; \(remaining) remain")
        }
        var value: UInt64 = 0
        for index in position..<position + count { value = value << 8 | UInt64(bytes[index]) }
        position += count
        return value
    }

    mutating func fixed(_ count: Int, _ what: @autoclosure () -> String) throws(Failure) -> ArraySlice<UInt8> {
        guard remaining >= count else {
            throw Failure(reason: "\(what()) at byte \(offset) needs \(count) bytes; \(remaining) remain")
        }
        defer { position += count }
        return bytes[position..<position + count]
    }

    /// A vector whose length is a `lengthBytes`-byte prefix.
    mutating func vector(lengthBytes: Int, _ what: @autoclosure () -> String) throws(Failure) -> ArraySlice<UInt8> {
        let start = offset
        let length = Int(try integer(bytes: lengthBytes, "the length of \(what())"))
        guard remaining >= length else {
            throw Failure(reason: "\(what()) at byte \(start) declares \(length) bytes; \(remaining) remain")
        }
        return try fixed(length, what())
    }
}
