import Foundation

/// The first bytes of an envelope's plaintext: who signed it, if anyone.
///
/// ```text
/// 0x00                                   anonymous
/// 0x01 ‖ length (2) ‖ kind (1) ‖ key     signed by that public key; its signature ends the plaintext
/// ```
enum E2ESenderBlock {
    /// The block for `sender` (or an anonymous one).
    static func encode(_ sender: E2EPublicKey?) -> Data {
        guard let sender else { return Data([0]) }
        let key = sender.typedBytes
        return Data([1, UInt8(key.count >> 8), UInt8(key.count & 0xff)]) + key
    }

    /// The parsed block and its length once `buffer` holds all of it; `nil` while more is needed.
    static func decode(_ buffer: Data) throws(E2EError) -> (sender: E2EPublicKey?, length: Int)? {
        guard let first = buffer.first else { return nil }
        switch first {
        case 0: return (nil, 1)
        case 1:
            guard buffer.count >= 3 else { return nil }
            let start = buffer.startIndex
            let length = Int(buffer[start + 1]) << 8 | Int(buffer[start + 2])
            guard length >= 1, length <= 4096 else {
                throw .tampered("the sender block names a \(length)-byte key; no Rampart key is that long")
            }
            guard buffer.count >= 3 + length else { return nil }
            guard let kind = E2EKeyKind(rawValue: buffer[start + 3]) else {
                throw .tampered("the sender block names an unknown key kind \(buffer[start + 3])")
            }
            let key = try E2EPublicKey(kind: kind, bytes: Data(buffer[(start + 4)..<(start + 3 + length)]))
            return (key, 3 + length)
        default:
            throw .tampered("the sender block starts with \(first); 0 (anonymous) or 1 (signed) are defined")
        }
    }
}
