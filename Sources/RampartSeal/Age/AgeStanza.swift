import Foundation

/// One recipient stanza of an age header: `-> TYPE ARG…` and a base64 body.
///
/// ```swift
/// let stanza = AgeStanza(type: "X25519", arguments: [share], body: wrappedKey)
/// print(stanza.encoded)   // "-> X25519 …\n…\n"
/// ```
public struct AgeStanza: Sendable, Equatable {
    /// The stanza type, compared case-sensitively (`X25519`, `scrypt`, …).
    public var type: String
    /// The arguments after the type.
    public var arguments: [String]
    /// The decoded body.
    public var body: Data

    /// A stanza with the given parts.
    public init(type: String, arguments: [String], body: Data) {
        self.type = type
        self.arguments = arguments
        self.body = body
    }

    /// The stanza as it appears in a header: the argument line, then the body in unpadded base64
    /// wrapped at 64 columns, always ending with a line shorter than 64 (possibly empty).
    public var encoded: String {
        var text = "-> " + ([type] + arguments).joined(separator: " ") + "\n"
        let base64 = Array(StrictBase64.encodeUnpadded(body).utf8)
        var start = 0
        while base64.count - start >= 64 {
            text += String(decoding: base64[start..<start + 64], as: UTF8.self) + "\n"
            start += 64
        }
        text += String(decoding: base64[start...], as: UTF8.self) + "\n"
        return text
    }

    /// Whether `argument` is a legal stanza argument: one or more visible ASCII characters.
    static func isValidArgument(_ argument: some StringProtocol) -> Bool {
        !argument.isEmpty && argument.utf8.allSatisfy { $0 >= 33 && $0 <= 126 }
    }
}
