import Foundation

/// Base64 that accepts exactly one spelling of each byte string: the standard alphabet, and either
/// unpadded (age headers) or padded (PEM-style armor), with zero trailing bits.
///
/// ```swift
/// let bytes = try StrictBase64.decodeUnpadded("aGk")   // "hi"
/// let text = StrictBase64.encodeUnpadded(bytes)        // "aGk"
/// ```
package enum StrictBase64 {
    /// Encodes without `=` padding.
    package static func encodeUnpadded(_ bytes: some DataProtocol) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.last == "=" { text.removeLast() }
        return text
    }

    /// Decodes unpadded, canonical base64; `nil` when `text` is anything else.
    package static func decodeUnpadded(_ text: some StringProtocol) -> Data? {
        let utf8 = text.utf8
        guard utf8.count % 4 != 1, !utf8.contains(UInt8(ascii: "=")) else { return nil }
        var padded = String(text)
        padded += String(repeating: "=", count: (4 - utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: padded), encodeUnpadded(data) == text else { return nil }
        return data
    }

    /// Decodes padded, canonical base64; `nil` when `text` is anything else.
    package static func decodePadded(_ text: some StringProtocol) -> Data? {
        guard text.utf8.count % 4 == 0, let data = Data(base64Encoded: String(text)),
            data.base64EncodedString() == text
        else { return nil }
        return data
    }
}
