import Foundation

/// Finds `set` objects in a binary property list before Foundation parses it.
///
/// swift-corelibs-foundation crashes (a null dereference while bridging the `NSSet`) on a binary
/// plist that holds a set of strings — a 28-byte file took `rampart ats check` down with SIGSEGV.
/// No Info.plist or pinning configuration holds a set (XML plists cannot even spell one), so such
/// input is refused first.
///
/// ```swift
/// if let offset = BinaryPropertyListSets.firstSet(in: data) { print("a set at byte", offset) }
/// ```
package enum BinaryPropertyListSets {
    /// The byte offset of the first object with a set marker (`0xCn`) that the offset table of
    /// the binary plist `data` points at, or `nil` when there is none or `data` is not a binary
    /// plist. A damaged trailer or table is left for Foundation to refuse.
    package static func firstSet(in data: Data) -> Int? {
        let bytes = [UInt8](data)
        guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize), let count = integer(bytes, at: trailer + 8, size: 8),
            let table = integer(bytes, at: trailer + 24, size: 8), count <= trailer
        else { return nil }
        for index in 0..<count {
            guard let offset = integer(bytes, at: table + index * offsetSize, size: offsetSize) else { return nil }
            if offset < trailer && bytes[offset] >> 4 == 0xC { return offset }
        }
        return nil
    }

    /// The big-endian unsigned integer of `size` bytes at `start`, or `nil` when it does not fit
    /// in `bytes` or is larger than any offset into them.
    private static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
        guard start >= 0, start <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<start + size] {
            guard value <= UInt64(bytes.count) else { return nil }
            value = value << 8 | UInt64(byte)
        }
        return value <= UInt64(bytes.count) ? Int(value) : nil
    }
}
