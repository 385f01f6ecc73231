import Foundation
import RampartSeal

/// A file of public keys, one per line (`rampart1…`, `rampartnist1…`, `rampartpq1…`), read by
/// `KeyFile` as age reads a recipients file: `#` comments and blank lines skipped, at most
/// 16 MiB, errors `FILE:LINE: what is wrong` that never quote the line.
///
/// ```swift
/// let team = try E2EPublicKeyFile.read("team.pub")
/// let sealed = try E2E.seal(message, to: team)
/// ```
public enum E2EPublicKeyFile {
    /// The public keys in the file at `path` (`-` for standard input); a file without one is refused.
    public static func read(_ path: String) throws(E2EError) -> [E2EPublicKey] {
        try publicKeys(in: try KeyFile.e2e(path))
    }

    /// The public keys in a key file, each line decoded by its prefix.
    public static func publicKeys(in file: KeyFile) throws(E2EError) -> [E2EPublicKey] {
        do {
            return try file.decodeLines(
                ifNone: "holds no public key (rampart1…, rampartnist1… or rampartpq1…)",
                { (line: KeyFileLine) throws(E2EError) -> E2EPublicKey in
                    if line.hasPrefix("RAMPART-SECRET-KEY-") || line.hasPrefix("AGE-SECRET-KEY-") {
                        throw .invalidKey("not an E2E public key: it holds an identity (a secret!)")
                    }
                    let (kind, bytes) = try E2EKeyKind.decodeLine(
                        line.text, uppercase: false, prefix: \.publicPrefix,
                        notBech32: { _ in "not an E2E public key" },
                        wrongForm: { _ in
                            "not an E2E public key (lowercase rampart1…, rampartnist1… or rampartpq1…)"
                        })
                    return try E2EPublicKey(kind: kind, bytes: bytes)
                }, problem: { _, error in error.keyDetail })
        } catch {
            throw E2EError(keyFile: error)
        }
    }
}
