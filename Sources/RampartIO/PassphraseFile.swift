import Foundation

/// Reads a passphrase from a file: the first line, without its LF or CRLF ending.
///
/// The line must be text a person could type: UTF-8, at most ``maximumLength`` bytes, and free
/// of control characters (NUL, tab, escape…). Anything else is refused with a
/// ``PassphraseFileError`` naming the file, rather than cut or used as it is: a first line of
/// 69,632 NUL bytes is what a passphrase file of `/dev/zero` reads, not a passphrase.
///
/// ```swift
/// let passphrase = try PassphraseFile.read(path: "/run/secrets/backup-passphrase")
/// ```
package enum PassphraseFile {
    /// The longest first line accepted, in bytes (64 KiB), line ending excluded.
    package static let maximumLength = 64 * 1024

    /// The first line of the file at `path`; an empty first line is refused. Reads no further
    /// than the first line ending, or the limit.
    package static func read(path: String) throws(PassphraseFileError) -> String {
        let bytes: Data
        do throws(IOError) {
            // The longest line and its CR and LF: a longer first line is refused without reading on.
            bytes = try FileDescriptorIO.readAll(path: path, limit: maximumLength + 2, through: UInt8(ascii: "\n"))
        } catch {
            if error.code == .tooLarge { throw .tooLong(path: path, limit: maximumLength) }
            throw .unreadable(error)
        }
        return try firstLine(of: bytes, source: path)
    }

    /// The first line of `bytes` as a passphrase.
    package static func firstLine(of bytes: Data, source: String) throws(PassphraseFileError) -> String {
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard line.count <= maximumLength else { throw .tooLong(path: source, limit: maximumLength) }
        guard !line.isEmpty else { throw .empty(path: source) }
        guard let text = String(data: Data(line), encoding: .utf8) else { throw .notUTF8(path: source) }
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                throw .controlCharacter(path: source, scalar: scalar.value, offset: offset)
            }
            offset += UTF8.width(scalar)
        }
        return text
    }
}
