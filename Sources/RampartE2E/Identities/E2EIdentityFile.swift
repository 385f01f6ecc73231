import Foundation
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
        do {
            try SealDestination.file(path, replacing: false).write { (sink: inout any ByteSink) throws(SealError) in
                try sink.write(Data(text(of: identity).utf8))
            }
        } catch {
            throw .io(error)
        }
    }

    /// Reads the identity in the file at `path`.
    public static func read(_ path: String) throws(E2EError) -> E2EIdentity {
        var bytes = Data()
        do {
            let source = try FileSource(path: path)
            while true {
                let chunk = try source.read(upTo: 64 * 1024)
                if chunk.isEmpty { break }
                bytes.append(chunk)
                guard bytes.count <= 1 << 20 else {
                    throw E2EError.invalidKey("\(path) is over 1 MiB; not an identity file")
                }
            }
        } catch let error as E2EError {
            throw error
        } catch let error as SealError {
            throw .io(error)
        } catch {
            throw .invalidKey("\(path): \(error)")
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard lines.count == 1, let line = lines.first else {
            throw .invalidKey("\(path) holds \(lines.count) key lines; an identity file holds exactly one")
        }
        do {
            return try E2EIdentity(line)
        } catch {
            throw .invalidKey("\(path): \(error)")
        }
    }
}
