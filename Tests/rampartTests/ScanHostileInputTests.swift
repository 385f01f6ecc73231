import Foundation
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `rampart scan` runs in CI on pull requests: what it writes and reads must hold against a hostile tree,
/// archive or baseline.
@Suite("rampart scan: hostile inputs and outputs", .timeLimit(.minutes(10)))
struct ScanHostileInputTests {
    func app(_ files: [String: String] = ["App/Net.swift": ScanCommandTests.vulnerable]) throws -> ScratchFolder {
        let scratch = try ScratchFolder("rampart-scan-hostile")
        for (name, text) in files {
            try FileManager.default.createDirectory(
                at: scratch.url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = try scratch.write(name, text)
        }
        return scratch
    }

    @Test("-o naming a file the scan reads is refused with 73, --force or not, through a link too; the source stays")
    func outputOverSource() async throws {
        let scratch = try app()
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("report.txt"), withDestinationPath: scratch.path("App/Net.swift"))
        for arguments in [
            ["-o", scratch.path("App/Net.swift")],
            ["-o", scratch.path("App/Net.swift"), "--force"],
            ["-o", scratch.path("report.txt"), "--force"],
            ["--write-baseline", scratch.path("App/Net.swift"), "--force"],
        ] {
            let result = try await RampartBinary.run(["scan", scratch.path("App")] + arguments)
            #expect(result.exitCode == 73, "\(arguments): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains("a file this scan reads"), "\(result.standardErrorText)")
            #expect(String(decoding: try scratch.read("App/Net.swift"), as: UTF8.self) == ScanCommandTests.vulnerable)
        }
    }

    @Test("-o over any other existing file needs --force (73 without it, the file left as it was)")
    func outputNeedsForce() async throws {
        let scratch = try app()
        _ = try scratch.write("report.txt", "yesterday's report\n")
        let refused = try await RampartBinary.run(["scan", scratch.path("App"), "-o", scratch.path("report.txt")])
        #expect(refused.exitCode == 73, "\(refused.standardErrorText)")
        #expect(refused.standardErrorText.contains("--force"))
        #expect(String(decoding: try scratch.read("report.txt"), as: UTF8.self) == "yesterday's report\n")
        let forced = try await RampartBinary.run([
            "scan", scratch.path("App"), "-o", scratch.path("report.txt"), "--force",
        ])
        #expect(forced.exitCode == 1, "\(forced.standardErrorText)")
        #expect(String(decoding: try scratch.read("report.txt"), as: UTF8.self).contains("RS-NET-001"))
        let fresh = try await RampartBinary.run(["scan", scratch.path("App"), "-o", scratch.path("new.txt")])
        #expect(fresh.exitCode == 1, "\(fresh.standardErrorText)")
    }

    @Test("a named input that cannot be read at all fails: 65 a truncated .ipa, 66 missing, 74 a FIFO")
    func unreadableNamedInputs() async throws {
        let scratch = try app()
        // The first bytes of a zip, then nothing: no central directory.
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]).write(to: scratch.url("App.ipa"))
        let truncated = try await RampartBinary.run(["scan", scratch.path("App.ipa")])
        #expect(truncated.exitCode == 65, "\(truncated.standardOutputText)\(truncated.standardErrorText)")
        #expect(truncated.standardErrorText.contains("App.ipa"))
        let missing = try await RampartBinary.run(["scan", scratch.path("Gone.ipa")])
        #expect(missing.exitCode == 66, "\(missing.standardErrorText)")
        #expect(mkfifo(scratch.path("Pipe.swift"), 0o600) == 0)
        let fifo = try await RampartBinary.run(["scan", scratch.path("Pipe.swift")])
        #expect(fifo.exitCode == 74, "\(fifo.standardOutputText)\(fifo.standardErrorText)")
        // The same truncated archive found inside a folder is a problem in the report, not a failure.
        try FileManager.default.createDirectory(at: scratch.url("Tree/App"), withIntermediateDirectories: true)
        _ = try scratch.write("Tree/App/Net.swift", "let x = 1\n")
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]).write(to: scratch.url("Tree/App.ipa"))
        let tree = try await RampartBinary.run(["scan", scratch.path("Tree")])
        // 0, or 3 where problems make a scan incomplete: never the 65 of a named input.
        #expect([0, 3].contains(tree.exitCode), "\(tree.standardErrorText)")
        #expect(tree.standardOutputText.contains("App.ipa: not a readable zip archive"))
    }

    @Test("a baseline's rule id is one of the catalog's: an escape sequence in it is a malformed baseline (65)")
    func baselineRuleID() async throws {
        let scratch = try app()
        let entry = """
            {"ruleID": "RS-NET-001\\u001b]0;pwned\\u0007\\u001b[2J", "path": "Net.swift", \
            "fingerprint": "00", "occurrence": 0, "line": 5}
            """
        _ = try scratch.write(
            "baseline.json", "{\"format\": \"rampart-scan-baseline\", \"version\": 1, \"entries\": [\(entry)]}")
        let result = try await RampartBinary.run([
            "scan", scratch.path("App"), "--baseline", scratch.path("baseline.json"),
        ])
        #expect(result.exitCode == 65, "\(result.standardOutputText)\(result.standardErrorText)")
        #expect(!result.standardOutputText.contains("\u{1B}") && !result.standardErrorText.contains("\u{1B}"))
        #expect(result.standardErrorText.contains("entry 1"), "\(result.standardErrorText)")
    }
}
