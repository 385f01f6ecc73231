/// Why a passphrase file was refused: it could not be read, or its first line is not a passphrase
/// a person could type. Each case carries the file and what a program acts on; the description
/// is derived from them.
///
/// ```swift
/// do {
///     _ = try PassphraseFile.read(path: "/dev/zero")
/// } catch .tooLong(let path, let limit) {
///     print(path, "has no line of at most", limit, "bytes")
/// }
/// ```
package enum PassphraseFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case unreadable(IOError)
    /// The first line is longer than `limit` bytes (line ending excluded).
    case tooLong(path: String, limit: Int)
    /// The first line is empty.
    case empty(path: String)
    /// The first line is not UTF-8.
    case notUTF8(path: String)
    /// The first line holds a control character (`scalar`) at byte `offset`.
    case controlCharacter(path: String, scalar: UInt32, offset: Int)

    /// The file involved.
    package var path: String {
        switch self {
        case .unreadable(let error): return error.path
        case .tooLong(let path, _), .empty(let path), .notUTF8(let path), .controlCharacter(let path, _, _):
            return path
        }
    }

    package var description: String {
        switch self {
        case .unreadable(let error):
            return "\(error.code.summary): \(error)"
        case .tooLong(let path, let limit):
            return "\(path): the first line is longer than \(limit) bytes, the limit for a passphrase; "
                + "is this the right file?"
        case .empty(let path):
            return "\(path): the first line (the passphrase) is empty"
        case .notUTF8(let path):
            return "\(path): the passphrase is not UTF-8 text"
        case .controlCharacter(let path, let scalar, let offset):
            let hex = String(scalar, radix: 16, uppercase: true)
            return
                "\(path): the passphrase holds a control character (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)) "
                + "at byte \(offset); a passphrase file holds one line of printable text"
        }
    }
}
