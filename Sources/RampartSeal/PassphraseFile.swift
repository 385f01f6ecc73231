import Foundation

/// Reads a passphrase from a file: the first line, without its LF or CRLF ending.
///
/// The line must be text a person could type: UTF-8, at most ``maximumLength`` bytes, and free
/// of control characters (NUL, tab, escape…). Anything else is refused as
/// ``SealError/malformed(_:)`` naming the file, rather than cut or used as it is: a first line of
/// 69,632 NUL bytes is what `--passphrase-file /dev/zero` reads, not a passphrase.
///
/// ```swift
/// let passphrase = try PassphraseFile.read(path: "/run/secrets/backup-passphrase")
/// ```
package enum PassphraseFile {
    /// The longest first line accepted, in bytes (64 KiB), line ending excluded.
    package static let maximumLength = 64 * 1024

    /// The first line of the file at `path`; an empty first line is refused. Reads no further
    /// than the first line ending, or the limit.
    package static func read(path: String) throws(SealError) -> String {
        let source = try FileSource(path: path)
        var bytes = Data()
        // CRLF ends a line too: one byte past the limit and its CR may still end a valid line.
        while bytes.count <= maximumLength + 1 {
            let chunk = try source.read(upTo: 4096)
            if chunk.isEmpty { break }
            bytes.append(chunk)
            if chunk.contains(UInt8(ascii: "\n")) { break }
        }
        return try firstLine(of: bytes, source: path)
    }

    /// The first line of `bytes` as a passphrase.
    package static func firstLine(of bytes: Data, source: String) throws(SealError) -> String {
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard line.count <= maximumLength else {
            throw .malformed(
                SealErrorContext(
                    "\(source): the first line is longer than \(maximumLength) bytes, the limit for a passphrase; "
                        + "is this the right file?", stage: .passphraseFile, path: source))
        }
        guard !line.isEmpty else {
            throw .invalidParameter(
                SealErrorContext(
                    "\(source): the first line (the passphrase) is empty", stage: .passphraseFile, path: source))
        }
        guard let text = String(data: Data(line), encoding: .utf8) else {
            throw .invalidParameter(
                SealErrorContext("\(source): the passphrase is not UTF-8 text", stage: .passphraseFile, path: source))
        }
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                throw .malformed(
                    SealErrorContext(
                        "\(source): the passphrase holds a control character (\(String(format: "U+%04X", scalar.value))) "
                            + "at byte \(offset); a passphrase file holds one line of printable text",
                        stage: .passphraseFile, offset: offset, path: source))
            }
            offset += UTF8.width(scalar)
        }
        return text
    }
}
