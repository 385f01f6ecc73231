import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// Output can fail too: a full disk, a closed descriptor, a reader that went away. Every command
/// must say so (exit 74) instead of exiting 0 with nothing written, and must never crash.
@Suite("rampart output failures")
struct CLIOutputTests {
    static let policy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RampartPolicyTests/Fixtures/exceptions.plist").path

    /// Runs `rampart ARGUMENTS REDIRECTIONS` through the shell, so the redirections are real.
    static func shell(_ arguments: [String], _ redirections: String) async throws -> PeerProcess.Result {
        let quoted = ([RampartBinary.url.path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return try await PeerProcess.runAsync(
            "/bin/sh", ["-c", "exec " + quoted.joined(separator: " ") + " " + redirections])
    }

    static let commandsWithOutput: [[String]] = [
        ["--help"],
        ["ats", "check", policy, "https://api.example.com/"],
        ["ats", "explain", policy, "https://api.example.com/"],
        ["ats", "audit", policy, "--fail-on", "high"],
        ["ats", "audit", policy, "--format", "sarif"],
        ["ats", "check", policy, "https://api.example.com/", "--format", "json"],
    ]

    @Test("standard output on a full disk exits 74 and names the stream", arguments: commandsWithOutput)
    func fullDisk(arguments: [String]) async throws {
        let result = try await Self.shell(arguments, ">/dev/full")
        #expect(result.exitCode == 74, "\(arguments): \(result.standardErrorText)")
        #expect(result.standardErrorText.contains("cannot write to standard output: No space left on device"))
    }

    @Test("a closed standard output exits 74, and no file the command opens takes its place")
    func closedOutput() async throws {
        let result = try await Self.shell(["ats", "check", Self.policy, "https://api.example.com/"], ">&-")
        #expect(result.exitCode == 74, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("cannot write to standard output: Bad file descriptor"))
    }

    @Test("a reader that goes away ends the command quietly")
    func closedPipe() async throws {
        // Thousands of lines: much more than a pipe holds, so the writer meets the closed pipe.
        let urls = Array(repeating: "https://api.example.com/", count: 5000).joined(separator: " ")
        let script = """
            '\(RampartBinary.url.path)' ats check '\(Self.policy)' \(urls) 2>"$0" | head -c 1 >/dev/null
            """
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-pipe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        let result = try await PeerProcess.runAsync("/bin/bash", ["-c", "set -o pipefail; " + script, errors.path])
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(result.exitCode == 141, "\(result.exitCode)")
    }

    @Test("an error message that cannot be written does not crash the command", arguments: ["2>/dev/full", "2>&-"])
    func unwritableErrors(redirection: String) async throws {
        let result = try await Self.shell(
            ["ats", "check", "/nonexistent/Info.plist", "https://a.example/"], redirection)
        #expect(result.exitCode == 66)
        let usage = try await Self.shell(["--no-such-flag"], redirection)
        #expect(usage.exitCode == 2)
    }

    @Test("Sources hold no print, try! or non-throwing FileHandle write on a path a user controls")
    func noUncheckedWrites() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let pattern =
            /(^|[^.\w])print\(|try!|FileHandle\.standard(Output|Error)\.write\((?!contentsOf:)|readDataToEndOfFile\(\)/
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains(pattern) else { continue }
                offenders.append("\(file.lastPathComponent):\(number + 1): \(code)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
