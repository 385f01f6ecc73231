import Foundation

/// Reads a passphrase from a file: the first line, without its LF or CRLF ending.
///
/// ```swift
/// let passphrase = try PassphraseFile.read(path: "/run/secrets/backup-passphrase")
/// ```
public enum PassphraseFile {
    /// The first line of the file at `path`; an empty first line is refused.
    public static func read(path: String) throws(SealError) -> String {
        let source = try FileSource(path: path)
        var bytes = Data()
        while bytes.count <= 64 * 1024 {
            let chunk = try source.read(upTo: 4096)
            if chunk.isEmpty { break }
            bytes.append(chunk)
            if chunk.contains(UInt8(ascii: "\n")) { break }
        }
        return try firstLine(of: bytes, source: path)
    }

    /// The first line of `bytes` as a passphrase.
    public static func firstLine(of bytes: Data, source: String) throws(SealError) -> String {
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard !line.isEmpty else { throw .invalidParameter("\(source): the first line (the passphrase) is empty") }
        guard let text = String(data: Data(line), encoding: .utf8) else {
            throw .invalidParameter("\(source): the passphrase is not UTF-8 text")
        }
        return text
    }
}
