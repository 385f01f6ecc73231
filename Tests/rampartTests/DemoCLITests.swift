import Foundation
import RampartTestSupport
import Testing

/// The lab demo is its own executable, `rampart-demo`: the shipped `rampart` carries no
/// RampartTestKit (no rogue PKI, no TLS-intercepting proxy) and has no `demo` subcommand.
@Suite("rampart-demo")
struct DemoCLITests {
    @Test("`rampart demo` is not a subcommand any more: a usage error (exit 2), and --help does not list it")
    func noDemoSubcommand() async throws {
        let result = try await RampartBinary.run(["demo"])
        #expect(result.exitCode == 2, "\(result.standardErrorText)")
        #expect(result.standardOutput.isEmpty)
        let help = try await RampartBinary.run(["--help"])
        #expect(!help.standardOutputText.contains("demo"))
    }

    @Test("the shipped rampart holds no RampartTestKit symbol (nm): no LabPKI, LabProxy or LabServer")
    func noLabInRampart() async throws {
        let symbols = try await PeerProcess.runAsync("/usr/bin/nm", [RampartBinary.url.path])
        #expect(symbols.exitCode == 0, "\(symbols.standardErrorText)")
        // Any Swift symbol of the binary: proof that nm read it (a stripped binary would prove nothing).
        #expect(symbols.standardOutputText.contains("RampartPolicy"))
        for name in ["RampartTestKit", "LabPKI", "LabProxy", "LabServer"] {
            #expect(!symbols.standardOutputText.contains(name), "rampart carries \(name)")
        }
    }

    @Test("`rampart-demo --help` describes the demo and its --format")
    func help() async throws {
        let result = try await RampartBinary.runDemo(["--help"])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(result.standardOutputText.contains("--format"))
        #expect(result.standardOutputText.contains("loopback"))
    }

    @Test("a bad --format is a usage error: exit 2 before any work, nothing on standard output")
    func badFormat() async throws {
        let result = try await RampartBinary.runDemo(["--format", "yaml"])
        #expect(result.exitCode == 2, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("yaml"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a bad --format holding control characters is shown escaped, as rampart's usage errors are: exit 2")
    func badFormatEscaped() async throws {
        let result = try await RampartBinary.runDemo(["--format", "ya\u{1B}]0;owned\u{07}\nforged: ml"])
        #expect(result.exitCode == 2, "\(result.standardErrorText)")
        #expect(!result.standardError.contains(0x1B) && !result.standardError.contains(0x07))
        #expect(result.standardErrorText.contains("ya\\x1b]0;owned\\x07\\nforged: ml"))
        #expect(!result.standardErrorText.contains("\nforged: ml"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("standard output on a full disk exits 74 and names the stream")
    func fullDisk() async throws {
        let script = "exec '\(RampartBinary.demoURL.path)' >/dev/full"
        let result = try await PeerProcess.runAsync(
            "/bin/sh", ["-c", script], environment: ["XDG_STATE_HOME": RampartBinary.stateHome ?? "/tmp"])
        #expect(result.exitCode == 74, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("cannot write to standard output: No space left on device"))
    }
}
