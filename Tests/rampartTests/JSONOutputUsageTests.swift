import Foundation
import RampartTestSupport
import Testing

/// `--format json` puts one JSON document on standard output; a command whose data would also go there
/// (a body, an identity) needs `-o FILE` for it, checked before any work: a usage error (2), nothing written.
@Suite("--format json never mixes with data on standard output")
struct JSONOutputUsageTests {
    @Test(
        "without -o FILE: a usage error before any work",
        arguments: [
            ["keygen", "--format", "json"],
            ["keygen", "--format", "json", "-o", "-"],
            ["fetch", "https://127.0.0.1:9/", "--format", "json"],
            ["fetch", "https://127.0.0.1:9/", "--format", "json", "-o", "-"],
            ["fetch", "https://127.0.0.1:9/", "--format", "json", "-I", "-i"],
            ["e2e", "seal", "-r", "rampart1notchecked", "--format", "json", "missing.txt"],
            ["e2e", "open", "-i", "missing.key", "--format", "json", "-o", "-"],
        ])
    func needsOutputFile(arguments: [String]) async throws {
        let result = try await RampartBinary.run(arguments)
        #expect(result.exitCode == 2, "\(result.standardErrorText)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardErrorText.contains("-o FILE"), "\(result.standardErrorText)")
    }

    @Test("keygen -o FILE --format json: the identity is in the file only")
    func keygenIdentityStaysInTheFile() async throws {
        let folder = try ScratchFolder("rampart-json-usage")
        let result = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt"), "--format", "json"])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(
            !result.standardOutputText.contains("AGE-SECRET-KEY") && !result.standardErrorText.contains("AGE-SECRET"))
        #expect(try String(contentsOf: folder.url("key.txt"), encoding: .utf8).contains("AGE-SECRET-KEY-1"))
    }
}
