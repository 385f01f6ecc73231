import Foundation
import RampartIO

/// A key file: one key per line, as `age-keygen` writes identities and `age -R` reads recipients,
/// and as `rampart e2e keygen` writes identities. The one reader of every one-line key format
/// (age `AGE-SECRET-KEY-1…`, `AGE-SECRET-KEY-PQ-1…`, `age1…`, `age1pq1…`; Rampart E2E
/// `RAMPART-SECRET-KEY-…`, `rampart1…`…): it reads the file and splits it into lines, and each
/// format decodes its own lines, choosing the decoder by the line's prefix.
///
/// The rules, the same for every format (age's `ParseIdentities`/`ParseRecipients`):
/// - at most ``sizeLimit`` bytes (16 MiB, age's limit, so every file age reads is read here too);
///   a larger file is refused, never cut;
/// - lines end with LF (a CR before it is white space); white space around a key is ignored;
/// - blank lines and lines starting with `#` are skipped (a comment need not be UTF-8);
/// - a key line that is not UTF-8 is refused by its line number;
/// - errors read `FILE:LINE: what is wrong` and never quote the line (it may hold a secret).
///
/// ```swift
/// let file = try KeyFile(contentsOf: "key.txt")
/// for line in file.lines where !line.hasPrefix("AGE-SECRET-KEY-") {
///     throw file.error(at: line, "not an age identity")   // "key.txt:3: not an age identity"
/// }
/// ```
public struct KeyFile: Sendable {
    /// The largest key file read, in bytes: 16 MiB, as age.
    public static let sizeLimit = 16 << 20

    /// The file's name in errors: its path, or `standard input`.
    public let name: String
    /// The key lines, in order, with their line numbers; comments and blank lines left out.
    public let lines: [KeyFileLine]

    /// Reads the key file at `path` (`-` for standard input) through RampartIO's one whole-file
    /// reader (`FileDescriptorIO.readAll`). A missing or unreadable file is its `IOError` as a
    /// ``SealError`` (``SealError/notFound(_:)``, ``SealError/io(_:)``); one over ``sizeLimit``
    /// or with a non-UTF-8 key line is ``SealError/malformed(_:)`` at ``SealStage/keyFile``.
    public init(contentsOf path: String) throws(SealError) {
        let name = path == "-" ? "standard input" : path
        let bytes: Data
        do throws(IOError) {
            // One byte past the limit is enough to refuse the file; the rest is never read.
            bytes =
                path == "-"
                ? try FileDescriptorIO.readAll(0, name: name, limit: Self.sizeLimit)
                : try FileDescriptorIO.readAll(path: path, limit: Self.sizeLimit)
        } catch {
            if error.code == .tooLarge { throw Self.tooLarge(name) }
            throw SealError(error)
        }
        try self.init(bytes: bytes, name: name)
    }

    /// A file over ``sizeLimit``: malformed at ``SealStage/keyFile``, with RampartIO's `tooLarge`
    /// (naming the limit) underneath.
    private static func tooLarge(_ name: String) -> SealError {
        var context = SealErrorContext(
            "\(name): over \(sizeLimit >> 20) MiB; not a key file (one key per line)", stage: .keyFile, path: name)
        context.ioError = .tooLarge(path: name, limit: sizeLimit, message: context.detail)
        return .malformed(context)
    }

    /// Splits `bytes` into key lines; `name` names the file in errors.
    public init(bytes: Data, name: String) throws(SealError) {
        self.name = name
        guard bytes.count <= Self.sizeLimit else { throw Self.tooLarge(name) }
        var found: [KeyFileLine] = []
        for (index, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let content = raw.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            if content.isEmpty || content.first == UInt8(ascii: "#") { continue }
            guard let text = String(data: Data(content), encoding: .utf8) else {
                throw .malformed(
                    SealErrorContext(
                        "\(name):\(index + 1): not UTF-8 text; key files are text, one key per line",
                        stage: .keyFile, path: name))
            }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            // Other white space (a form feed, U+0085, …) can stand before the `#` too (found by fuzzing).
            if !trimmed.isEmpty && !trimmed.hasPrefix("#") {
                found.append(KeyFileLine(number: index + 1, text: trimmed))
            }
        }
        self.lines = found
    }

    /// The keys of every key line, decoded by `decode` (which picks the decoder by the line's
    /// prefix). A line it refuses is `FILE:LINE: ` and the words `problem` gives for it; a file
    /// without a key line is `FILE: ` and `missing`.
    ///
    /// ```swift
    /// let identities = try file.decodeLines(
    ///     ifNone: "holds no identity", { (line: KeyFileLine) throws(SealError) in try AgeKeyFile.identity(line.text) },
    ///     problem: { _, error in "not an age identity: \(error.context.detail)" })
    /// ```
    public func decodeLines<Key, Failure: Error>(
        ifNone missing: String, _ decode: (KeyFileLine) throws(Failure) -> Key,
        problem: (KeyFileLine, Failure) -> String
    ) throws(SealError) -> [Key] {
        var keys: [Key] = []
        for line in lines {
            do throws(Failure) {
                keys.append(try decode(line))
            } catch {
                throw self.error(at: line, problem(line, error))
            }
        }
        guard !keys.isEmpty else { throw self.error(missing) }
        return keys
    }

    /// The error for a key line that does not decode: `FILE:LINE: problem`. `problem` says what
    /// is wrong and never quotes the line.
    public func error(at line: KeyFileLine, _ problem: String) -> SealError {
        .malformed(SealErrorContext("\(name):\(line.number): \(problem)", stage: .keyFile, path: name))
    }

    /// The error for a file without the key it must hold: `FILE: problem`.
    public func error(_ problem: String) -> SealError {
        .malformed(SealErrorContext("\(name): \(problem)", stage: .keyFile, path: name))
    }
}
