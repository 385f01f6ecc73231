import Crypto
import Foundation
import RampartIO

/// The text header of an age v1 file: the version line, the recipient stanzas and the header MAC.
///
/// ```swift
/// var input = BufferedSource(SealSource(DataSource(fileBytes)))
/// let header = try AgeHeader.parse(from: &input)
/// print(header.stanzas.map(\.type))   // ["X25519"]
/// ```
package struct AgeHeader: Sendable {
    /// The first line of every age v1 file, without its line feed.
    package static let versionLine = "age-encryption.org/v1"
    /// The longest header line accepted while parsing.
    static let lineLimit = 64 * 1024
    /// The most stanzas accepted while parsing.
    static let stanzaLimit = 4096

    /// The recipient stanzas in file order.
    package var stanzas: [AgeStanza]
    /// The 32-byte header MAC.
    package var mac: Data
    /// The bytes the MAC covers: from the version line up to and including `---`.
    package var macInput: Data

    /// Computes the header MAC key from a file key.
    static func macKey(fileKey: SymmetricKey) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: fileKey, info: Data("header".utf8), outputByteCount: 32)
    }

    /// A header for `stanzas`, MAC'd with `fileKey`, and its encoding including the final newline.
    static func seal(stanzas: [AgeStanza], fileKey: SymmetricKey) -> (header: AgeHeader, encoded: Data) {
        let prefix = Data((versionLine + "\n" + stanzas.map(\.encoded).joined() + "---").utf8)
        let mac = Data(HMAC<SHA256>.authenticationCode(for: prefix, using: macKey(fileKey: fileKey)))
        var encoded = prefix
        encoded.append(contentsOf: Data((" " + StrictBase64.encodeUnpadded(mac) + "\n").utf8))
        return (AgeHeader(stanzas: stanzas, mac: mac, macInput: prefix), encoded)
    }

    /// Checks the header MAC against `fileKey` in constant time.
    func verifyMAC(fileKey: SymmetricKey) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: macInput, using: Self.macKey(fileKey: fileKey))
    }

    /// Reads a header from `input`, leaving `input` at the first payload byte.
    package static func parse<Base>(from input: inout BufferedSource<Base>) throws(SealError) -> AgeHeader
    where Base.Failure == SealError {
        guard let first = try input.readHeaderLine(limit: lineLimit) else {
            throw .unrecognizedFormat("the input is empty; an age file starts with '\(versionLine)'")
        }
        var macInput = first
        guard first == Data((versionLine + "\n").utf8) else {
            if first.starts(with: Data("age-encryption.org/".utf8)) {
                let seen = String(decoding: first.prefix(64), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                throw .unrecognizedFormat("the age version '\(seen)' is not supported; only v1 is")
            }
            throw .unrecognizedFormat("the first line is not '\(versionLine)'; this is not an age file")
        }
        var stanzas: [AgeStanza] = []
        var (line, lineOffset) = try nextLine(&input, after: "the version line")
        while true {
            if line.hasPrefix("---") {
                guard !stanzas.isEmpty else { throw .malformed("the header has no recipient stanza") }
                guard line.hasPrefix("--- ") else {
                    throw .malformed(
                        SealErrorContext(
                            "the MAC line at byte \(lineOffset) must be '--- ' and the MAC", offset: lineOffset))
                }
                let encodedMAC = line.dropFirst(4)
                guard encodedMAC.utf8.count == 43, let mac = StrictBase64.decodeUnpadded(encodedMAC) else {
                    throw .malformed(
                        SealErrorContext(
                            "the header MAC at byte \(lineOffset) is not 32 bytes of canonical base64",
                            offset: lineOffset))
                }
                macInput.append(contentsOf: Data("---".utf8))
                return AgeHeader(stanzas: stanzas, mac: mac, macInput: macInput)
            }
            macInput.append(contentsOf: Data((line + "\n").utf8))
            guard line.hasPrefix("-> ") else {
                throw .malformed(
                    "the header line at byte \(lineOffset) is neither a stanza ('-> ') nor the MAC ('--- ')")
            }
            let words = line.dropFirst(3).split(separator: " ", omittingEmptySubsequences: false)
            guard let type = words.first, words.allSatisfy(AgeStanza.isValidArgument) else {
                throw .malformed(
                    SealErrorContext(
                        "the stanza at byte \(lineOffset) has an empty or invalid argument", offset: lineOffset))
            }
            guard stanzas.count < stanzaLimit else {
                throw .malformed("the header has more than \(stanzaLimit) stanzas")
            }
            var body = ""
            while true {
                let (bodyLine, bodyOffset) = try nextLine(&input, after: "a stanza line")
                macInput.append(contentsOf: Data((bodyLine + "\n").utf8))
                guard bodyLine.utf8.count <= 64 else {
                    throw .malformed("the '\(type)' stanza's body line at byte \(bodyOffset) is longer than 64 columns")
                }
                body += bodyLine
                if bodyLine.utf8.count < 64 { break }
            }
            guard let decoded = StrictBase64.decodeUnpadded(body) else {
                throw .malformed(
                    SealErrorContext(
                        "the body of the '\(type)' stanza at byte \(lineOffset) is not canonical base64",
                        offset: lineOffset))
            }
            stanzas.append(AgeStanza(type: String(type), arguments: words.dropFirst().map(String.init), body: decoded))
            (line, lineOffset) = try nextLine(&input, after: "a stanza body")
        }
    }

    /// The next header line without its `\n`, checked to be printable ASCII, and its offset.
    private static func nextLine<Base>(
        _ input: inout BufferedSource<Base>, after what: String
    ) throws(SealError) -> (String, Int) where Base.Failure == SealError {
        let start = input.offset
        guard let line = try input.readHeaderLine(limit: lineLimit), line.last == UInt8(ascii: "\n") else {
            throw .malformed("the header ends after \(what), before its MAC line ('--- ')")
        }
        for (index, byte) in line.dropLast().enumerated() where byte < 32 || byte > 126 {
            let what = byte == 13 ? "a carriage return (header lines end with LF only)" : "the byte \(byte)"
            throw .malformed("the header has \(what) at byte \(start + index)")
        }
        return (String(decoding: line.dropLast(), as: UTF8.self), start)
    }
}
