/// Bounded little- and big-endian reads over the bytes of one Mach-O image: every read checks its
/// offset and length against the data with overflow-safe arithmetic and throws ``MachOError/truncated``
/// instead of trapping.
struct MachOBytes {
    let bytes: [UInt8]
    /// Where the image starts in `bytes` (a fat slice's offset), and where it ends.
    let start: Int
    let end: Int

    init(_ bytes: [UInt8], start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.start = start
        self.end = end ?? bytes.count
    }

    /// The image's size in bytes.
    var count: Int { end - start }

    /// Checks that `length` bytes at `offset` (relative to the image) lie inside it; returns the absolute
    /// index of the first.
    func check(_ what: @autoclosure () -> String, offset: Int, length: Int) throws(MachOError) -> Int {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw .truncated(what: what(), offset: offset, needed: length, available: count)
        }
        return start + offset
    }

    /// The unsigned integer of `T`'s width at `offset`, little-endian unless `bigEndian`.
    func integer<T: FixedWidthInteger & UnsignedInteger>(
        _ type: T.Type, at offset: Int, _ what: @autoclosure () -> String, bigEndian: Bool = false
    ) throws(MachOError) -> T {
        let width = MemoryLayout<T>.size
        let index = try check(what(), offset: offset, length: width)
        var value: T = 0
        for position in 0..<width {
            value = value << 8 | T(bytes[index + (bigEndian ? position : width - 1 - position)])
        }
        return value
    }

    func uint32(at offset: Int, _ what: @autoclosure () -> String, bigEndian: Bool = false) throws(MachOError)
        -> UInt32
    { try integer(UInt32.self, at: offset, what(), bigEndian: bigEndian) }

    func uint64(at offset: Int, _ what: @autoclosure () -> String, bigEndian: Bool = false) throws(MachOError)
        -> UInt64
    { try integer(UInt64.self, at: offset, what(), bigEndian: bigEndian) }

    func uint8(at offset: Int, _ what: @autoclosure () -> String) throws(MachOError) -> UInt8 {
        bytes[try check(what(), offset: offset, length: 1)]
    }

    /// A fixed-size name field (segment and section names): the bytes up to the first NUL.
    func name(at offset: Int, length: Int, _ what: @autoclosure () -> String) throws(MachOError) -> String {
        let index = try check(what(), offset: offset, length: length)
        let field = bytes[index..<index + length]
        let end = field.firstIndex(of: 0) ?? field.endIndex
        return String(decoding: field[index..<end], as: UTF8.self)
    }

    /// The NUL-terminated string at `offset`, reading no further than `limit` (relative to the image) nor
    /// than ``MachOLimits/maximumNameLength`` bytes; nil when no NUL comes before either.
    func cString(at offset: Int, limit: Int) -> [UInt8]? {
        guard offset >= 0, offset < limit, limit <= count else { return nil }
        let end = offset + min(limit - offset, MachOLimits.maximumNameLength + 1)
        let slice = bytes[(start + offset)..<(start + end)]
        guard let nul = slice.firstIndex(of: 0) else { return nil }
        return Array(slice[slice.startIndex..<nul])
    }

    /// A value read from the file as an offset or size, as an `Int` when it fits.
    static func int(_ value: UInt64, _ what: @autoclosure () -> String, at offset: Int) throws(MachOError) -> Int {
        guard value <= UInt64(Int.max) else {
            throw .malformed(what: "\(what()) \(value) is too large", offset: offset)
        }
        return Int(value)
    }
}
