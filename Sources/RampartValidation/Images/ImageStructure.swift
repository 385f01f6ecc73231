// What a format's walker hands back, and the bounds-checked reads every walker uses.

import Foundation

/// A well-formed image: its dimensions, where its last structure ended, and the chunks beside
/// the image data (WebP metadata: type, offset of the chunk header, bytes to the chunk's end).
struct ImageStructure {
    var width: Int?
    var height: Int?
    var end: Int
    var extraChunks: [(type: String, offset: Int, end: Int)] = []
}

/// A structural problem at a byte offset; `dimensions` keeps what the header said before it broke.
struct ImageStructureError: Error {
    let message: String
    let offset: Int
    var width: Int?
    var height: Int?

    init(_ message: String, at offset: Int, width: Int? = nil, height: Int? = nil) {
        self.message = message
        self.offset = offset
        self.width = width
        self.height = height
    }
}

/// Bounds-checked big- and little-endian reads over the file's bytes.
struct ImageBytes {
    let base: UnsafeRawBufferPointer
    var count: Int { base.count }

    func byte(_ at: Int) throws(ImageStructureError) -> UInt8 {
        guard at >= 0, at < count else { throw ImageStructureError("truncated", at: count) }
        return base[at]
    }

    func has(_ length: Int, at offset: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    func need(_ length: Int, at offset: Int, _ what: String) throws(ImageStructureError) {
        guard has(length, at: offset) else { throw ImageStructureError("truncated in \(what)", at: count) }
    }

    func u16be(_ at: Int) throws(ImageStructureError) -> Int {
        try need(2, at: at, "a 16-bit field")
        return Int(base[at]) << 8 | Int(base[at + 1])
    }

    func u16le(_ at: Int) throws(ImageStructureError) -> Int {
        try need(2, at: at, "a 16-bit field")
        return Int(base[at + 1]) << 8 | Int(base[at])
    }

    func u24le(_ at: Int) throws(ImageStructureError) -> Int {
        try need(3, at: at, "a 24-bit field")
        return Int(base[at + 2]) << 16 | Int(base[at + 1]) << 8 | Int(base[at])
    }

    func u32be(_ at: Int) throws(ImageStructureError) -> Int {
        try need(4, at: at, "a 32-bit field")
        return Int(base[at]) << 24 | Int(base[at + 1]) << 16 | Int(base[at + 2]) << 8 | Int(base[at + 3])
    }

    func u32le(_ at: Int) throws(ImageStructureError) -> Int {
        try need(4, at: at, "a 32-bit field")
        return Int(base[at + 3]) << 24 | Int(base[at + 2]) << 16 | Int(base[at + 1]) << 8 | Int(base[at])
    }

    func u64be(_ at: Int) throws(ImageStructureError) -> UInt64 {
        try need(8, at: at, "a 64-bit field")
        var value: UInt64 = 0
        for index in at..<(at + 8) { value = value << 8 | UInt64(base[index]) }
        return value
    }

    func matches(_ text: StaticString, at offset: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard has(length, at: offset) else { return false }
        return text.withUTF8Buffer { expected in
            for index in 0..<length where base[offset + index] != expected[index] { return false }
            return true
        }
    }

    func fourCC(_ at: Int) -> String {
        guard has(4, at: at) else { return "?" }
        return String(
            decoding: base[at..<(at + 4)].map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// The offset of the next `value` at or after `from`, or nil (memchr).
    func find(_ value: UInt8, from: Int) -> Int? {
        guard from < count, let start = base.baseAddress else { return nil }
        guard let hit = memchr(start + from, Int32(value), count - from) else { return nil }
        return UnsafeRawPointer(hit) - start
    }
}
