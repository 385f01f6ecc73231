/// Reads the TLS presentation language (RFC 8446 §3) the CT structures use: big-endian integers
/// and length-prefixed vectors, every read bounds-checked.
struct TLSReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }

    var isAtEnd: Bool { offset == bytes.count }
    var remaining: Int { bytes.count - offset }

    /// Why a read failed, with the offset where it did.
    struct Failure: Error {
        var reason: String
    }

    mutating func integer(bytes count: Int, _ what: String) throws(Failure) -> UInt64 {
        guard remaining >= count else {
            throw Failure(reason: "\(what) at byte \(offset) needs \(count) bytes; \(remaining) remain")
        }
        var value: UInt64 = 0
        for index in offset..<offset + count { value = value << 8 | UInt64(bytes[index]) }
        offset += count
        return value
    }

    mutating func fixed(_ count: Int, _ what: String) throws(Failure) -> [UInt8] {
        guard remaining >= count else {
            throw Failure(reason: "\(what) at byte \(offset) needs \(count) bytes; \(remaining) remain")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// A vector whose length is a `lengthBytes`-byte prefix.
    mutating func vector(lengthBytes: Int, _ what: String) throws(Failure) -> [UInt8] {
        let start = offset
        let length = Int(try integer(bytes: lengthBytes, "the length of \(what)"))
        guard remaining >= length else {
            throw Failure(reason: "\(what) at byte \(start) declares \(length) bytes; \(remaining) remain")
        }
        return try fixed(length, what)
    }
}
