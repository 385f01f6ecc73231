import Foundation
import RampartIO
import RampartSeal

/// An identity in a file: created 0600 and never replaced, one secret line after two comments
/// (creation time and public key), read back ignoring `#` comments and blank lines.
///
/// ```swift
/// let identity = try E2EIdentity.generate(.classic)
/// try E2EIdentityFile.write(identity, to: "alice.key")
/// let again = try E2EIdentityFile.read("alice.key")
/// ```
public enum E2EIdentityFile {
    /// The file's text for `identity`.
    public static func text(of identity: E2EIdentity, now: Date = Date()) -> String {
        let created = ISO8601DateFormatter().string(from: now)
        return "# created: \(created)\n# public key: \(identity.publicKey)\n\(identity.secretText)\n"
    }

    /// Writes `identity` to a new file at `path` (mode 0600); an existing file is never replaced.
    public static func write(_ identity: E2EIdentity, to path: String) throws(E2EError) {
        try OutputDestination.file(path, replacing: false).write(mappingErrors: { E2EError.io($0) }) {
            (sink: inout any ByteSink<IOError>) throws(E2EError) in
            do throws(IOError) {
                try sink.write(Data(text(of: identity).utf8))
            } catch {
                throw .io(error)
            }
        }
    }

    /// Reads the identity in the file at `path` (`-` for standard input), through `KeyFile`: the
    /// same size cap, UTF-8 rule, comments and `FILE:LINE:` errors as age key files.
    public static func read(_ path: String) throws(E2EError) -> E2EIdentity {
        try identity(in: try KeyFile.e2e(path))
    }

    /// The one identity in a key file; a file with no key line or more than one is refused.
    public static func identity(in file: KeyFile) throws(E2EError) -> E2EIdentity {
        guard let line = file.lines.first else {
            throw E2EError(keyFile: file.error("holds no identity (RAMPART-SECRET-KEY-…1…)"))
        }
        if file.lines.count > 1 {
            throw E2EError(
                keyFile: file.error(
                    at: file.lines[1], "a second key line; an E2E identity file holds exactly one identity"))
        }
        do {
            return try E2EIdentity(line.text)
        } catch {
            let problem =
                E2EKeyKind.allCases.contains { line.hasPrefix($0.publicPrefix + "1") }
                ? "it holds a public key, not an identity"
                : line.hasPrefix("AGE-SECRET-KEY-")
                    ? "it holds an age identity, not a Rampart one"
                    : error.keyDetail
            throw E2EError(keyFile: file.error(at: line, "not an E2E identity: \(problem)"))
        }
    }
}
