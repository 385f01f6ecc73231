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

    /// The identities in the file at `path` (`-` for standard input), read by ``KeyFile``.
    public static func identities(atPath path: String) throws(SealError) -> [any AgeKeyIdentity] {
        try identities(in: try KeyFile(contentsOf: path))
    }

    /// The recipients in the file at `path` (`-` for standard input), read by ``KeyFile``.
    public static func recipients(atPath path: String) throws(SealError) -> [any AgeRecipient] {
        try recipients(in: try KeyFile(contentsOf: path))
    }

    /// The X25519 and post-quantum identities in an identity file's text. Errors name the line, never its content.
    public static func identities(in text: String, source: String) throws(SealError) -> [any AgeKeyIdentity] {
        try identities(in: try KeyFile(bytes: Data(text.utf8), name: source))
    }

    /// The X25519 and post-quantum recipients in a recipients file's text.
    public static func recipients(in text: String, source: String) throws(SealError) -> [any AgeRecipient] {
        try recipients(in: try KeyFile(bytes: Data(text.utf8), name: source))
    }

    /// The identities in a key file, each line decoded by its prefix. Errors name the line, never its content.
    public static func identities(in file: KeyFile) throws(SealError) -> [any AgeKeyIdentity] {
        try file.decodeLines(
            ifNone: "holds no identity (AGE-SECRET-KEY-1…)",
            { (line: KeyFileLine) throws(SealError) in try identity(line.text) },
            problem: { line, error in
                let reason =
                    line.hasPrefix("age1") ? "it holds a recipient (public key), not an identity" : error.context.detail
                return "not an age identity: \(reason)"
            })
    }

    /// The recipients in a key file, each line decoded by its prefix.
    public static func recipients(in file: KeyFile) throws(SealError) -> [any AgeRecipient] {
        try file.decodeLines(
            ifNone: "holds no recipient (age1…)",
            { (line: KeyFileLine) throws(SealError) in try recipient(line.text) },
            problem: { line, error in
                let reason =
                    line.hasPrefix("AGE-SECRET-KEY-")
                    ? "it holds an identity (a secret!), not a recipient" : error.context.detail
                return "not an age recipient: \(reason)"
            })
    }

    /// One identity line, decoded by its prefix: `AGE-SECRET-KEY-PQ-1…` or `AGE-SECRET-KEY-1…`.
    public static func identity(_ line: String) throws(SealError) -> any AgeKeyIdentity {
        let upper = line.uppercased()
        if upper.hasPrefix(MLKEM768X25519Identity.humanReadablePart + "1") { return try MLKEM768X25519Identity(line) }
        if upper.hasPrefix("AGE-SECRET-KEY-1") { return try X25519Identity(line) }
        throw .malformed(
            SealErrorContext("unknown identity type; age identities start AGE-SECRET-KEY-1 or AGE-SECRET-KEY-PQ-1"))
    }

    /// One recipient, decoded by its prefix: `age1pq1…` or `age1…`.
    public static func recipient(_ text: String) throws(SealError) -> any AgeRecipient {
        let lower = text.lowercased()
        if lower.hasPrefix(MLKEM768X25519Recipient.humanReadablePart + "1") { return try MLKEM768X25519Recipient(text) }
        if lower.hasPrefix("age1") { return try X25519Recipient(text) }
        throw .malformed(SealErrorContext("unknown recipient type; age recipients start age1 or age1pq1"))
    }
}
