import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// Every command that reads a key file (`decrypt -i`, `keygen -y`, `encrypt -R`, `e2e open -i`,
/// `e2e seal --from`, `e2e seal -R`) reads it with the one key-file reader: the same file is
/// refused with the same words, line number and exit status by each, and leaves no output.
@Suite("rampart: key files")
struct KeyFileCLITests {
    /// The commands, each with everything but `file` valid.
    private func commands(_ file: String, in folder: ScratchFolder) async throws -> [[String]] {
        let keygen = try await RampartBinary.run(["e2e", "keygen", "-o", folder.path("bob.key")])
        #expect(keygen.exitCode == 0, "\(keygen.standardErrorText)")
        let bob = keygen.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        try folder.write("plain", "hello")
        let out = folder.path("out")
        return [
            ["decrypt", "-i", file, "-o", out, folder.path("plain")],
            ["keygen", "-y", file],
            ["encrypt", "-R", file, "-o", out, folder.path("plain")],
            ["e2e", "open", "-i", file, "-o", out, folder.path("plain")],
            ["e2e", "seal", "-r", bob, "--from", file, "-o", out, folder.path("plain")],
            ["e2e", "seal", "-R", file, "-o", out, folder.path("plain")],
        ]
    }

    private func expectRefused(
        _ file: String, saying words: String, without secret: String? = nil, in folder: ScratchFolder
    ) async throws {
        for arguments in try await commands(file, in: folder) {
            let result = try await RampartBinary.run(arguments)
            #expect(result.exitCode == 65, "\(arguments): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains(words), "\(arguments): \(result.standardErrorText)")
            if let secret { #expect(!result.standardErrorText.contains(secret), "\(arguments) quotes the line") }
            #expect(result.standardOutput.isEmpty, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "no output left by \(arguments)")
        }
    }

    @Test("a key line that is not UTF-8 is named by its line number, the same through every command")
    func notUTF8() async throws {
        let folder = try ScratchFolder("rampart-keyfile-cli")
        try folder.write(
            "latin1.txt", Data("# a key\n\n".utf8) + Data("AGE-SECRET-KEY-1caf".utf8) + Data([0xE9, 0x0A]))
        let file = folder.path("latin1.txt")
        try await expectRefused(
            file, saying: "\(file):3: not UTF-8 text; key files are text, one key per line", in: folder)
    }

    @Test("a 20 MiB file is refused the same way by every command")
    func tooLarge() async throws {
        let folder = try ScratchFolder("rampart-keyfile-cli")
        try folder.write("big.txt", Data(repeating: UInt8(ascii: "#"), count: 20 << 20))
        let file = folder.path("big.txt")
        try await expectRefused(file, saying: "\(file): over 16 MiB; not a key file (one key per line)", in: folder)
    }

    @Test("a key line that does not decode is named FILE:LINE by every command, without its text")
    func badLine() async throws {
        let folder = try ScratchFolder("rampart-keyfile-cli")
        try folder.write("bad.txt", "# created: today\n\n   \nAGE-SECRET-KEY-1QQQQXYZZYQQQQ\n")
        let file = folder.path("bad.txt")
        try await expectRefused(file, saying: "\(file):4: not an", without: "XYZZY", in: folder)
    }
}

extension KeyFileCLITests {
    @Test("e2e seal -R seals to every key of the file, mixed with -r; a missing file is 66")
    func recipientsFile() async throws {
        let folder = try ScratchFolder("rampart-keyfile-cli")
        var keys: [String] = []
        for name in ["bob", "carol", "dave"] {
            let made = try await RampartBinary.run(["e2e", "keygen", "-o", folder.path(name)])
            #expect(made.exitCode == 0, "\(made.standardErrorText)")
            keys.append(made.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try folder.write("team.pub", "# the team\r\n\(keys[0])\r\n\n  \(keys[1])\n")
        try folder.write("plain", "hello")
        let seal = try await RampartBinary.run([
            "e2e", "seal", "-R", folder.path("team.pub"), "-r", keys[2], "-o", folder.path("msg"),
            folder.path("plain"),
        ])
        #expect(seal.exitCode == 0, "\(seal.standardErrorText)")
        for name in ["bob", "carol", "dave"] {
            let open = try await RampartBinary.run(["e2e", "open", "-i", folder.path(name), folder.path("msg")])
            #expect(open.exitCode == 0, "\(name): \(open.standardErrorText)")
            #expect(open.standardOutputText == "hello")
        }
        let missing = try await RampartBinary.run([
            "e2e", "seal", "-R", folder.path("none.pub"), "-o", folder.path("out"), folder.path("plain"),
        ])
        #expect(missing.exitCode == 66, "\(missing.standardErrorText)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }
}
