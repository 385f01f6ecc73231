import Foundation
import ZIPFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A zip archive's members as its central directory lists them, and their bytes, read by the scan itself
/// within bounds: each member's name as the bytes the archive holds (ZIPFoundation's `Entry.path` decodes a
/// name, and gives an empty one for bytes that are not UTF-8), and its data inflated through ZIPFoundation's
/// `Data.decompress` from bytes this type reads, so that what a member consumes of the archive is counted, not
/// taken from its header, and data that runs past the end of the archive stops the reading.
///
/// ```swift
/// let directory = try IPAZipDirectory(bytes: Array(data), maximumMembers: 200_000)
/// for member in directory.members where member.isFile {
///     let (checksum, consumed) = try directory.extract(member) { chunk, consumed in print(chunk.count, consumed) }
/// }
/// ```
struct IPAZipDirectory {
    /// One member of the central directory.
    struct Member {
        /// The name's bytes as the archive holds them.
        var rawName: [UInt8]
        var flags: UInt16
        var method: UInt16
        var checksum: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var localHeaderOffset: UInt64
        var externalAttributes: UInt32

        /// The name, when it is UTF-8 without a NUL; nil otherwise (iOS reads names as UTF-8).
        var name: String? {
            guard !rawName.contains(0) else { return nil }
            return String(validating: rawName, as: UTF8.self)
        }

        /// The name for messages: the bytes that are not UTF-8 shown as U+FFFD, a NUL as `\0`.
        var shownName: String {
            String(decoding: rawName, as: UTF8.self).replacingOccurrences(of: "\0", with: "\\0")
        }

        /// A file, not a folder (a name ending in `/`) or a symbolic link (Unix mode in the external attributes).
        var isFile: Bool {
            guard rawName.last != UInt8(ascii: "/") else { return false }
            let mode = externalAttributes >> 16
            return mode & 0o170000 == 0 || mode & 0o170000 == 0o100000
        }
    }

    /// Why an archive or a member could not be read.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The members, in the central directory's order: at most `maximumMembers + 1`, so that a reader sees that
    /// there were more than it reads.
    private(set) var members: [Member] = []

    private let source: Source
    /// A central directory larger than this is not read.
    static let maximumDirectorySize = 256 << 20

    private enum Source {
        case descriptor(Int32, size: UInt64)
        case bytes([UInt8])

        var size: UInt64 {
            switch self {
            case .descriptor(_, let size): size
            case .bytes(let bytes): UInt64(bytes.count)
            }
        }

        /// Up to `count` bytes at `offset`; fewer only at the end of the archive.
        func read(at offset: UInt64, count: Int) throws(Failure) -> [UInt8] {
            guard offset < size, count > 0 else { return [] }
            let count = Int(min(UInt64(count), size - offset))
            switch self {
            case .bytes(let bytes):
                return Array(bytes[Int(offset)..<Int(offset) + count])
            case .descriptor(let descriptor, _):
                var buffer = [UInt8](repeating: 0, count: count)
                var filled = 0
                while filled < count {
                    let result = buffer.withUnsafeMutableBytes { raw -> Int in
                        guard let base = raw.baseAddress else { return 0 }
                        return pread(descriptor, base + filled, count - filled, off_t(offset) + off_t(filled))
                    }
                    if result < 0 && errno == EINTR { continue }
                    guard result > 0 else {
                        if result == 0 { break }
                        throw Failure(description: "the archive cannot be read (\(String(cString: strerror(errno))))")
                    }
                    filled += result
                }
                return Array(buffer.prefix(filled))
            }
        }
    }

    /// The archive open as `descriptor` (left open: the caller closes it).
    init(descriptor: Int32, maximumMembers: Int) throws(Failure) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw Failure(description: "the archive cannot be examined (\(String(cString: strerror(errno))))")
        }
        try self.init(
            source: .descriptor(descriptor, size: UInt64(max(0, info.st_size))), maximumMembers: maximumMembers)
    }

    /// The archive in `bytes`.
    init(bytes: [UInt8], maximumMembers: Int) throws(Failure) {
        try self.init(source: .bytes(bytes), maximumMembers: maximumMembers)
    }

    private init(source: Source, maximumMembers: Int) throws(Failure) {
        self.source = source
        let (offset, size, count) = try Self.directoryLocation(source)
        guard size <= UInt64(Self.maximumDirectorySize) else {
            throw Failure(description: "its central directory is \(size) bytes, more than a scan reads")
        }
        guard offset <= source.size, size <= source.size - offset else {
            throw Failure(description: "its central directory runs past the end of the file (a truncated archive?)")
        }
        let directory = try source.read(at: offset, count: Int(size))
        var position = 0
        while position + 46 <= directory.count && members.count <= maximumMembers {
            guard Self.le32(directory, position) == 0x0201_4B50 else {
                throw Failure(description: "its central directory is damaged at member \(members.count + 1)")
            }
            let nameLength = Int(Self.le16(directory, position + 28))
            let extraLength = Int(Self.le16(directory, position + 30))
            let commentLength = Int(Self.le16(directory, position + 32))
            let end = position + 46 + nameLength + extraLength + commentLength
            guard end <= directory.count else {
                throw Failure(description: "its central directory is damaged at member \(members.count + 1)")
            }
            var member = Member(
                rawName: Array(directory[position + 46..<position + 46 + nameLength]),
                flags: Self.le16(directory, position + 8), method: Self.le16(directory, position + 10),
                checksum: Self.le32(directory, position + 16),
                compressedSize: UInt64(Self.le32(directory, position + 20)),
                uncompressedSize: UInt64(Self.le32(directory, position + 24)),
                localHeaderOffset: UInt64(Self.le32(directory, position + 42)),
                externalAttributes: Self.le32(directory, position + 38))
            Self.applyZIP64(
                Array(directory[position + 46 + nameLength..<position + 46 + nameLength + extraLength]), to: &member)
            members.append(member)
            position = end
        }
        if UInt64(members.count) < count && members.count <= maximumMembers {
            throw Failure(
                description: "its central directory lists \(members.count) of the \(count) members it declares "
                    + "(a truncated or damaged archive)")
        }
    }

    /// The central directory's offset, size and member count, from the end record (and its ZIP64 form).
    private static func directoryLocation(_ source: Source) throws(Failure) -> (UInt64, UInt64, UInt64) {
        let tailLength = Int(min(source.size, 22 + 65_535))
        let tail = try source.read(at: source.size - UInt64(tailLength), count: tailLength)
        guard tail.count >= 22,
            let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { le32(tail, $0) == 0x0605_4B50 })
        else {
            throw Failure(description: "no end of central directory record (a truncated archive, or not a zip)")
        }
        var count = UInt64(le16(tail, end + 10))
        var size = UInt64(le32(tail, end + 12))
        var offset = UInt64(le32(tail, end + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF, end >= 20,
            le32(tail, end - 20) == 0x0706_4B50
        {
            let recordOffset = le64(tail, end - 20 + 8)
            let record = try source.read(at: recordOffset, count: 56)
            guard record.count == 56, le32(record, 0) == 0x0606_4B50 else {
                throw Failure(description: "its ZIP64 end of central directory record is damaged")
            }
            count = le64(record, 32)
            size = le64(record, 40)
            offset = le64(record, 48)
        }
        return (offset, size, count)
    }

    /// The 64-bit sizes and offset of a member's ZIP64 extra field, for the 32-bit fields that say so.
    private static func applyZIP64(_ extra: [UInt8], to member: inout Member) {
        var position = 0
        while position + 4 <= extra.count {
            let id = le16(extra, position)
            let length = Int(le16(extra, position + 2))
            guard position + 4 + length <= extra.count else { return }
            if id == 0x0001 {
                var field = position + 4
                let end = field + length
                if member.uncompressedSize == 0xFFFF_FFFF && field + 8 <= end {
                    member.uncompressedSize = le64(extra, field)
                    field += 8
                }
                if member.compressedSize == 0xFFFF_FFFF && field + 8 <= end {
                    member.compressedSize = le64(extra, field)
                    field += 8
                }
                if member.localHeaderOffset == 0xFFFF_FFFF && field + 8 <= end {
                    member.localHeaderOffset = le64(extra, field)
                }
                return
            }
            position += 4 + length
        }
    }

    /// Inflates (or copies, when stored) `member`, handing each piece of its bytes to `consumer` with the bytes
    /// of the archive consumed so far; returns the CRC-32 of the bytes and how many archive bytes they took.
    /// Data that runs past the end of the archive, an encrypted member or an unknown method throws.
    func extract(_ member: Member, consumer: (_ chunk: Data, _ consumed: Int) throws -> Void) throws -> (
        checksum: UInt32, consumed: Int
    ) {
        guard member.flags & 1 == 0 else { throw Failure(description: "the member is encrypted") }
        let header = try source.read(at: member.localHeaderOffset, count: 30)
        guard header.count == 30, Self.le32(header, 0) == 0x0403_4B50 else {
            throw Failure(description: "its local header is missing or damaged")
        }
        let start = member.localHeaderOffset + 30 + UInt64(Self.le16(header, 26)) + UInt64(Self.le16(header, 28))
        let chunkSize = 16 << 10
        var consumed = 0
        switch member.method {
        case 0:
            var checksum: UInt32 = 0
            while UInt64(consumed) < member.uncompressedSize {
                let want = Int(min(UInt64(chunkSize), member.uncompressedSize - UInt64(consumed)))
                let chunk = try source.read(at: start + UInt64(consumed), count: want)
                guard !chunk.isEmpty else { throw Failure(description: "its data runs past the end of the archive") }
                consumed += chunk.count
                let data = Data(chunk)
                checksum = data.crc32(checksum: checksum)
                try consumer(data, consumed)
            }
            return (checksum, consumed)
        case 8:
            let checksum = try Data.decompress(
                size: Int64(clamping: member.compressedSize), bufferSize: chunkSize, skipCRC32: false,
                provider: { _, count in
                    let chunk = try source.read(at: start + UInt64(consumed), count: count)
                    guard !chunk.isEmpty else {
                        throw Failure(description: "its data runs past the end of the archive")
                    }
                    consumed += chunk.count
                    return Data(chunk)
                },
                consumer: { chunk in try consumer(chunk, consumed) })
            return (checksum, consumed)
        default:
            throw Failure(description: "compression method \(member.method) is not one an .ipa uses")
        }
    }

    private static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
    }

    private static func le64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
    }
}
