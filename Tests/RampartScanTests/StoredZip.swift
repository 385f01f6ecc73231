import Foundation

/// A zip archive built in memory with every member stored (not compressed), for tests that need hostile
/// member names or many members without committing an archive: local headers, central directory, end record.
///
/// ```swift
/// let bytes = StoredZip.archive([("Payload/App.app/Info.plist", Array(plist.utf8))])
/// ```
enum StoredZip {
    static func archive(_ members: [(name: String, contents: [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = []
        var central: [UInt8] = []
        for (name, contents) in members {
            let offset = bytes.count
            let nameBytes = Array(name.utf8)
            let crc = crc32(contents)
            // Local file header.
            bytes += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            bytes += le32(crc) + le32(UInt32(contents.count)) + le32(UInt32(contents.count))
            bytes += le16(UInt16(nameBytes.count)) + le16(0) + nameBytes + contents
            // Its central directory entry.
            central += le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(UInt32(contents.count)) + le32(UInt32(contents.count))
            central += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            central += le32(0o100644 << 16) + le32(UInt32(offset)) + nameBytes
        }
        let centralOffset = bytes.count
        bytes += central
        bytes += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(members.count)) + le16(UInt16(members.count))
        bytes += le32(UInt32(central.count)) + le32(UInt32(centralOffset)) + le16(0)
        return bytes
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    /// CRC-32 (IEEE), bit by bit: test inputs are small.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
