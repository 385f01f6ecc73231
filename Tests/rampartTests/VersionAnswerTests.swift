import Foundation
import RampartPolicy
import RampartTestSupport
import Testing

/// `rampart --version` is answered before ArgumentParser is set up (start-up, issue 30): the
/// answer, its exit codes and what is still ArgumentParser's must not change.
@Suite("rampart --version answered at start-up")
struct VersionAnswerTests {
    @Test("the version and one line feed on standard output, nothing on standard error, exit 0")
    func exactOutput() async throws {
        let result = try await RampartBinary.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText == RampartVersion.current + "\n")
        #expect(result.standardErrorText.isEmpty, "\(result.standardErrorText)")
    }

    @Test("other command lines are still ArgumentParser's, which answers --version among them the same way")
    func otherCommandLinesParsed() async throws {
        for arguments in [["--version", "--no-such-flag"], ["--version", "fetch"]] {
            let extra = try await RampartBinary.run(arguments)
            #expect(extra.exitCode == 0, "\(arguments): \(extra.standardErrorText)")
            #expect(extra.standardOutputText == RampartVersion.current + "\n", "\(arguments)")
        }
        let misspelt = try await RampartBinary.run(["--versio"])
        #expect(misspelt.exitCode == 2, "\(misspelt.standardErrorText)")
        let help = try await RampartBinary.run(["--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardOutputText.contains("USAGE: rampart"))
    }

    @Test("a standard output that cannot be written: 74 for a closed descriptor, as every command")
    func unwritableOutput() async throws {
        let result = try await PeerProcess.runAsync(
            "/bin/sh", ["-c", "exec '\(RampartBinary.url.path)' --version >&-"])
        #expect(result.exitCode == 74, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("cannot write to standard output"), "\(result.standardErrorText)")
        let full = try await PeerProcess.runAsync(
            "/bin/sh", ["-c", "exec '\(RampartBinary.url.path)' --version >/dev/full"])
        #expect(full.exitCode == 74, "\(full.standardErrorText)")
    }
}
