import Foundation

/// age identity and recipient files: one key per line, `#` comments and blank lines ignored,
/// as `age-keygen` writes them and `age -i` / `age -R` read them.
///
/// ```swift
/// let (identity, text) = AgeKeyFile.generate()
/// // text: "# created: 2026-…\n# public key: age1…\nAGE-SECRET-KEY-1…\n"
/// let identities = try AgeKeyFile.identities(in: text, source: "key.txt")
/// let (pq, pqText) = try AgeKeyFile.generatePostQuantum()   // AGE-SECRET-KEY-PQ-1…, age1pq1…
/// ```
public enum AgeKeyFile {
    /// A new identity and the text of its key file, with the creation time and public key as comments.
    public static func generate(now: Date = Date()) -> (identity: X25519Identity, text: String) {
        let identity = X25519Identity.generate()
        return (identity, text(of: identity, now: now))
    }

    /// A new post-quantum (ML-KEM-768 + X25519) identity and the text of its key file.
    public static func generatePostQuantum(now: Date = Date()) throws(SealError) -> (
        identity: MLKEM768X25519Identity, text: String
    ) {
        let identity = try MLKEM768X25519Identity.generate()
        return (identity, text(of: identity, now: now))
    }

    private static func text(of identity: some AgeKeyIdentity, now: Date) -> String {
        let created = ISO8601DateFormatter().string(from: now)
        return "# created: \(created)\n# public key: \(identity.recipientText)\n\(identity.secretText)\n"
    }

    /// The identities in the file at `path` (`-` for standard input).
    public static func identities(atPath path: String) throws(SealError) -> [any AgeKeyIdentity] {
        try identities(in: try readText(path), source: path)
    }

    /// The recipients in the file at `path` (`-` for standard input).
    public static func recipients(atPath path: String) throws(SealError) -> [any AgeRecipient] {
        try recipients(in: try readText(path), source: path)
    }

    private static func readText(_ path: String) throws(SealError) -> String {
        let source = path == "-" ? FileSource.standardInput : try FileSource(path: path)
        var bytes = Data()
        while true {
            let chunk = try source.read(upTo: 64 * 1024)
            if chunk.isEmpty { break }
            bytes.append(chunk)
            guard bytes.count <= 16 << 20 else { throw .malformed("\(path) is over 16 MiB; not a key file") }
        }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw .malformed("\(path) is not UTF-8 text; age key files are text")
        }
        return text
    }

    /// The X25519 and post-quantum identities in an identity file. Errors name the line, never its content.
    public static func identities(in text: String, source: String) throws(SealError) -> [any AgeKeyIdentity] {
        var found: [any AgeKeyIdentity] = []
        for (number, line) in keyLines(text) {
            do {
                found.append(try identity(line))
            } catch {
                let hint = line.hasPrefix("age1") ? "it holds a recipient (public key), not an identity" : "\(error)"
                throw .malformed("\(source), line \(number): not an age identity: \(hint)")
            }
        }
        guard !found.isEmpty else { throw .malformed("\(source) holds no identity (AGE-SECRET-KEY-1…)") }
        return found
    }

    /// One identity line: `AGE-SECRET-KEY-PQ-1…` or `AGE-SECRET-KEY-1…`.
    public static func identity(_ line: String) throws(SealError) -> any AgeKeyIdentity {
        line.uppercased().hasPrefix(MLKEM768X25519Identity.humanReadablePart)
            ? try MLKEM768X25519Identity(line) : try X25519Identity(line)
    }

    /// One recipient: `age1pq1…` or `age1…`.
    public static func recipient(_ text: String) throws(SealError) -> any AgeRecipient {
        text.lowercased().hasPrefix(MLKEM768X25519Recipient.humanReadablePart + "1")
            ? try MLKEM768X25519Recipient(text) : try X25519Recipient(text)
    }

    /// The X25519 and post-quantum recipients in a recipients file.
    public static func recipients(in text: String, source: String) throws(SealError) -> [any AgeRecipient] {
        var found: [any AgeRecipient] = []
        for (number, line) in keyLines(text) {
            do {
                found.append(try recipient(line))
            } catch {
                let hint =
                    line.hasPrefix("AGE-SECRET-KEY-") ? "it holds an identity (a secret!), not a recipient" : "\(error)"
                throw .malformed("\(source), line \(number): not an age recipient: \(hint)")
            }
        }
        guard !found.isEmpty else { throw .malformed("\(source) holds no recipient (age1…)") }
        return found
    }

    /// Non-comment, non-blank lines with their 1-based numbers, trimmed of surrounding whitespace.
    private static func keyLines(_ text: String) -> [(Int, String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, raw in
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            return line.isEmpty || line.hasPrefix("#") ? nil : (index + 1, line)
        }
    }
}
