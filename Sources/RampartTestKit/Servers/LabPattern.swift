import Crypto

/// The deterministic bytes the lab servers send for large bodies: byte i is `UInt8(i % 251)`
/// (251 is prime, so slices at different offsets differ, and a dropped or repeated byte shows).
///
/// ```swift
/// let expected = LabPattern.bytes(count: 1 << 20)           // what /bytes/1048576 and 1m.bin hold
/// let digest = LabPattern.sha256Hex(count: 1 << 20)         // compare with `sha256sum`
/// ```
public enum LabPattern {
    /// The length of the repeating cycle.
    public static let period = 251

    /// `count` bytes of the pattern starting at position `offset`.
    public static func bytes(count: Int, offset: Int = 0) -> [UInt8] {
        let cycle = (0..<period).map { UInt8($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var position = offset % period
        while bytes.count < count {
            let take = min(period - position, count - bytes.count)
            bytes.append(contentsOf: cycle[position..<(position + take)])
            position = 0
        }
        return bytes
    }

    /// The lowercase hexadecimal SHA-256 of the first `count` bytes of the pattern.
    public static func sha256Hex(count: Int) -> String {
        SHA256.hash(data: bytes(count: count)).map { byte in
            String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }
}
