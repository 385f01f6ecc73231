// Fuzzes the one key-file reader (`KeyFile`) and every format read through it: age identities and
// recipients, E2E identities and public keys. Key lines are trimmed, never comments, numbered in
// order; every refusal names the file (and, for a line, its number) first.
import Foundation
import RampartE2E
import RampartSeal

enum FuzzKeyFile {
    static let target = FuzzTarget(
        name: "key-file", maxLength: 8 * 1024,
        summary: "KeyFile, then AgeKeyFile identities/recipients, E2EIdentityFile and E2EPublicKeyFile",
        run: run)

    static func run(_ data: Data) {
        let name = target.name
        let file: KeyFile
        do {
            file = try KeyFile(bytes: data, name: "fuzz.txt")
        } catch {
            FuzzCheck.require(error.context.detail.hasPrefix("fuzz.txt:"), name, "a refusal does not name the file")
            return
        }
        let lineCount = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        var previous = 0
        for line in file.lines {
            FuzzCheck.require(
                line.number > previous && line.number <= lineCount, name, "key line numbers are not in order")
            FuzzCheck.require(
                !line.text.isEmpty && !line.text.hasPrefix("#")
                    && line.text.trimmingCharacters(in: .whitespacesAndNewlines) == line.text,
                name, "a key line is blank, a comment or not trimmed")
            previous = line.number
        }
        let readers: [(String, () throws -> Void)] = [
            ("age identities", { _ = try AgeKeyFile.identities(in: file) }),
            ("age recipients", { _ = try AgeKeyFile.recipients(in: file) }),
            ("E2E identity", { _ = try E2EIdentityFile.identity(in: file) }),
            ("E2E public keys", { _ = try E2EPublicKeyFile.publicKeys(in: file) }),
        ]
        for (reader, read) in readers {
            do {
                try read()
            } catch {
                FuzzCheck.require("\(error)".contains("fuzz.txt:"), name, "\(reader): a refusal does not name the file")
            }
        }
    }
}
