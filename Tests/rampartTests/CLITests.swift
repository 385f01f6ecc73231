import Foundation
import Testing

@Suite("rampart command line")
struct CLITests {
    @Test("--help lists the subcommands and the exit codes")
    func help() async throws {
        let result = try await RampartBinary.run(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText.contains("SUBCOMMANDS:"))
        #expect(result.standardOutputText.contains("demo"))
        #expect(result.standardOutputText.contains("65 bad data"))
    }

    @Test("`rampart help demo` describes the demo")
    func helpSubcommand() async throws {
        let result = try await RampartBinary.run(["help", "demo"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText.contains("--format"))
    }

    @Test("--version prints the version")
    func version() async throws {
        let result = try await RampartBinary.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(
            result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test(
        "usage errors exit 2 with a message on standard error",
        arguments: [["--no-such-flag"], ["demo", "--format", "yaml"], ["no-such-command"]])
    func usageError(arguments: [String]) async throws {
        let result = try await RampartBinary.run(arguments)
        #expect(result.exitCode == 2, "\(arguments): \(result.standardErrorText)")
        #expect(result.standardErrorText.contains("Usage:") || result.standardErrorText.contains("Error:"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("completion scripts are generated for bash, zsh and fish", arguments: ["bash", "zsh", "fish"])
    func completion(shell: String) async throws {
        let result = try await RampartBinary.run(["--generate-completion-script", shell])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText.contains("demo"))
    }

    @Test("the demo runs every step as expected and reports it as JSON")
    func demoJSON() async throws {
        let result = try await RampartBinary.run(["demo", "--format", "json"])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let summary = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        #expect(summary?["failed"] as? Int == 0)
        let steps = try #require(summary?["steps"] as? Int)
        #expect(steps >= 6)
        let chapters = try #require(summary?["chapters"] as? [[String: Any]])
        let blocked = chapters.flatMap { ($0["steps"] as? [[String: Any]]) ?? [] }.filter {
            $0["observed"] as? String == "blocked"
        }
        #expect(blocked.count >= 4)
    }

    @Test("the text demo narrates the handshake without colour when NO_COLOR is set")
    func demoText() async throws {
        let result = try await RampartBinary.run(["demo"], environment: ["NO_COLOR": "1"])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(result.standardOutputText.contains("A client that trusts the lab root connects"))
        #expect(result.standardOutputText.contains("HTTP 200"))
        #expect(result.standardOutputText.contains("Encryption at rest: age v1 and RNCryptor v3"))
        #expect(result.standardOutputText.contains("no plaintext file was written, not even a partial one"))
        #expect(!result.standardOutputText.contains("\u{1B}["))
    }
}
