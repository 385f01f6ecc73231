import Foundation
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("rampart scan", .timeLimit(.minutes(10)))
struct ScanCommandTests {
    /// A small app: one cleartext request (high) and one UIWebView (medium).
    static let vulnerable = """
        import Foundation
        import UIKit

        func load() {
            let url = URL(string: "http://api.example.com/login")!
            URLSession.shared.dataTask(with: url).resume()
            let web = UIWebView()
            _ = web
        }

        """

    func app(_ files: [String: String] = ["App/Net.swift": Self.vulnerable]) throws -> ScratchFolder {
        let scratch = try ScratchFolder("rampart-scan")
        for (name, text) in files {
            let url = scratch.url(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return scratch
    }

    /// Runs `rampart` through `/bin/sh -c script` with rampart as `$0` (for redirections).
    static func shell(_ script: String, _ arguments: [String]) async throws -> PeerProcess.Result {
        try await PeerProcess.runAsync("/bin/sh", ["-c", script, RampartBinary.url.path] + arguments)
    }

    @Test("a folder: each finding as path:line:column, the line and a caret; exit 1 at or above high")
    func folderText() async throws {
        let scratch = try app()
        let result = try await RampartBinary.run(["scan", scratch.path])
        #expect(result.exitCode == 1, "\(result.standardErrorText)")
        let lines = result.standardOutputText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("App/Net.swift:5:27: high RS-NET-001 Cleartext HTTP URL used for a request: "))
        #expect(lines[0].contains("http://api.example.com/login"))
        #expect(lines[1] == "        let url = URL(string: \"http://api.example.com/login\")!")
        #expect(lines[2] == String(repeating: " ", count: 30) + "^")
        #expect(result.standardOutputText.contains("App/Net.swift:7:15: medium RS-PLATFORM-001"))
        #expect(result.standardOutputText.contains("2 finding(s): 1 high, 1 medium, 0 low, 0 info; 1 file(s)"))
        #expect(result.standardErrorText.contains("1 finding(s) at or above high"))
        #expect(!result.standardOutputText.contains("\u{1B}["), "no colour when standard output is not a terminal")
    }

    @Test("--fail-on: medium fails on the medium finding, high does not once the high one is suppressed")
    func failOn() async throws {
        let suppressed = Self.vulnerable.replacingOccurrences(
            of: "login\")!", with: "login\")!  // rampart:ignore RS-NET-001 the lab's HTTP-only mock")
        let scratch = try app(["App/Net.swift": suppressed])
        let high = try await RampartBinary.run(["scan", scratch.path])
        #expect(high.exitCode == 0, "\(high.standardOutputText)\(high.standardErrorText)")
        #expect(high.standardOutputText.contains("1 suppressed"))
        let medium = try await RampartBinary.run(["scan", scratch.path, "--fail-on", "medium"])
        #expect(medium.exitCode == 1)
        let bad = try await RampartBinary.run(["scan", scratch.path, "--fail-on", "severe"])
        #expect(bad.exitCode == 2, "\(bad.standardErrorText)")
    }

    @Test("a suppression without a reason suppresses nothing and is listed")
    func suppressionWithoutReason() async throws {
        let noReason = Self.vulnerable.replacingOccurrences(
            of: "login\")!", with: "login\")!  // rampart:ignore RS-NET-001")
        let scratch = try app(["App/Net.swift": noReason])
        let result = try await RampartBinary.run(["scan", scratch.path])
        #expect(result.exitCode == 3, "a suppression that cannot be honoured is a problem: incomplete")
        #expect(result.standardOutputText.contains("App/Net.swift:5:27: high RS-NET-001"))
        #expect(result.standardOutputText.contains("App/Net.swift: line 5: rampart:ignore RS-NET-001 gives no reason"))
    }

    @Test("a single file, and a missing path (66) checked before anything is scanned")
    func singleFileAndMissing() async throws {
        let scratch = try app()
        let single = try await RampartBinary.run(["scan", scratch.path("App/Net.swift")])
        #expect(single.exitCode == 1)
        #expect(single.standardOutputText.hasPrefix(scratch.path("App/Net.swift") + ":5:27: high RS-NET-001"))
        let missing = try await RampartBinary.run(["scan", scratch.path, scratch.path("nothing")])
        #expect(missing.exitCode == 66, "\(missing.standardErrorText)")
        #expect(missing.standardErrorText.contains("no such file or folder"))
        #expect(missing.standardOutputText.isEmpty)
        let usage = try await RampartBinary.run(["scan", scratch.path, "--format", "xml"])
        #expect(usage.exitCode == 2)
        let none = try await RampartBinary.run(["scan"])
        #expect(none.exitCode == 2)
    }

    @Test("--format json, sarif and html, to standard output and to -o")
    func formats() async throws {
        let scratch = try app()
        let json = try await RampartBinary.run(["scan", scratch.path, "--format", "json"])
        #expect(json.exitCode == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(object["format"] as? String == "rampart-scan-report")
        #expect(
            (object["findings"] as? [[String: Any]])?.map { $0["ruleID"] as? String } == [
                "RS-NET-001", "RS-PLATFORM-001",
            ])
        #expect((object["summary"] as? [String: Int])?["high"] == 1)

        let sarif = try await RampartBinary.run([
            "scan", scratch.path, "--format", "sarif", "-o", scratch.path("out.sarif"),
        ])
        #expect(sarif.exitCode == 1)
        #expect(sarif.standardOutputText.isEmpty)
        let log = try #require(try JSONSerialization.jsonObject(with: try scratch.read("out.sarif")) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let results = (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        #expect(results?.count == 2)

        let html = try await RampartBinary.run([
            "scan", scratch.path, "--format", "html", "-o", scratch.path("out.html"),
        ])
        #expect(html.exitCode == 1)
        let page = String(decoding: try scratch.read("out.html"), as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("RS-PLATFORM-001") && !page.contains("<script"))
    }

    @Test("a baseline round trip: written, then hiding its findings (exit 0) until a new one appears")
    func baseline() async throws {
        let scratch = try app()
        let write = try await RampartBinary.run([
            "scan", scratch.path("App"), "--write-baseline", scratch.path("baseline.json"), "--fail-on", "info",
        ])
        #expect(write.exitCode == 1)
        let hidden = try await RampartBinary.run([
            "scan", scratch.path("App"), "--baseline", scratch.path("baseline.json"), "--fail-on", "info",
        ])
        #expect(hidden.exitCode == 0, "\(hidden.standardOutputText)")
        #expect(
            hidden.standardOutputText.contains("0 finding(s)")
                && hidden.standardOutputText.contains("2 in the baseline"))
        // Lines added above keep the findings matched; a new request is a new finding.
        let edited =
            "// a header\n// more\n" + Self.vulnerable
            + "func more() { URLSession.shared.dataTask(with: URL(string: \"http://cdn.example.com/x\")!).resume() }\n"
        _ = try scratch.write("App/Net.swift", edited)
        let next = try await RampartBinary.run([
            "scan", scratch.path("App"), "--baseline", scratch.path("baseline.json"), "--format", "json",
        ])
        #expect(next.exitCode == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: next.standardOutput) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["line"] as? Int } == [12])
        #expect((object["counts"] as? [String: Any])?["hiddenByBaseline"] as? Int == 2)

        _ = try scratch.write("bad.json", "{\"format\": \"something else\", \"version\": 1, \"entries\": []}")
        let malformed = try await RampartBinary.run([
            "scan", scratch.path("App"), "--baseline", scratch.path("bad.json"),
        ])
        #expect(malformed.exitCode == 65, "\(malformed.standardErrorText)")
        let missing = try await RampartBinary.run([
            "scan", scratch.path("App"), "--baseline", scratch.path("none.json"),
        ])
        #expect(missing.exitCode == 66)
    }

    @Test("a symbolic link loop, a non-UTF-8 file and a 10 MB line are reported or scanned, never a crash")
    func hostileTree() async throws {
        let scratch = try app()
        try FileManager.default.createSymbolicLink(atPath: scratch.path("App/loop"), withDestinationPath: ".")
        try Data([0x6C, 0x65, 0x74, 0xFF, 0x0A]).write(to: scratch.url("App/Latin1.swift"))
        let line = "let s = \"" + String(repeating: "a", count: 10_000_000) + "\"\n"
        try Data(line.utf8).write(to: scratch.url("App/Huge.swift"))
        let result = try await RampartBinary.run(["scan", scratch.path("App")])
        #expect(result.exitCode == 3, "problems listed: incomplete. \(result.standardErrorText)")
        #expect(result.standardOutputText.contains("loop: a symbolic link loop"))
        #expect(result.standardOutputText.contains("Latin1.swift: not UTF-8 text (line 1, byte offset 3)"))
        #expect(result.standardOutputText.contains("2 file(s)"))
        #expect(result.standardOutputText.contains("Net.swift:5:27: high RS-NET-001"))
    }

    @Test("an unreadable file is reported (run as nobody when the tests run as root)")
    func unreadable() async throws {
        let scratch = try app(["App/Net.swift": Self.vulnerable, "App/Locked.swift": Self.vulnerable])
        #expect(chmod(scratch.path("App/Locked.swift"), 0) == 0)
        var command = [RampartBinary.url.path, "scan", scratch.path("App")]
        if getuid() == 0 {
            let chown = try await PeerProcess.runAsync("chown", ["-R", "65534", scratch.path])
            #expect(chown.exitCode == 0)
            command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let result = try await PeerProcess.runAsync(command[0], Array(command.dropFirst()))
        #expect(result.exitCode == 3, "an unreadable file: incomplete. \(result.standardErrorText)")
        #expect(result.standardOutputText.contains("Locked.swift: cannot be read (Permission denied)"))
        #expect(result.standardOutputText.contains("Net.swift:5:27: high RS-NET-001"))
    }

    @Test("output that cannot be written: /dev/full as -o or standard output is 74; a folder as -o is 73")
    func outputFailures() async throws {
        let scratch = try app()
        let device = try await RampartBinary.run(["scan", scratch.path, "-o", "/dev/full"])
        #expect(device.exitCode == 74, "\(device.standardErrorText)")
        let stdout = try await Self.shell("exec \"$0\" scan \"$1\" >/dev/full", [scratch.path])
        #expect(stdout.exitCode == 74, "\(stdout.standardErrorText)")
        let folder = try await RampartBinary.run(["scan", scratch.path, "-o", scratch.path("App")])
        #expect(folder.exitCode == 73, "\(folder.standardErrorText)")
        #expect(folder.standardErrorText.contains("is a directory"))
    }

    @Test("incomplete is not a pass: a file over a limit exits 3, before 1; --allow-incomplete exits by the findings")
    func incomplete() async throws {
        // 50,000 links: a stack overflow (SIGSEGV) before the limits; 28 nested [: minutes of parsing.
        let chain = "let x = a" + String(repeating: ".b", count: 50_000) + "\n"
        let squares = "let y = " + String(repeating: "[", count: 28) + "1" + String(repeating: "]", count: 28) + "\n"
        let scratch = try app(["App/Net.swift": Self.vulnerable, "App/Chain.swift": chain, "App/Deep.swift": squares])
        let result = try await RampartBinary.run(["scan", scratch.path("App")])
        #expect(result.exitCode == 3, "\(result.standardErrorText)")
        #expect(
            result.standardOutputText.contains(
                "Chain.swift: not analysed: a postfix chain of 50000 links (.member, !, ?, calls) exceeds the limit of "
                    + "1000 (SwiftLimits.maximumPostfixChainLength)"))
        #expect(result.standardOutputText.contains("Deep.swift: not analysed: 28 nested [ in a row exceed the limit"))
        #expect(result.standardOutputText.contains("Net.swift:5:27: high RS-NET-001"))
        #expect(result.standardErrorText.contains("incomplete: 2 problem(s)"))
        let allowed = try await RampartBinary.run(["scan", "--allow-incomplete", scratch.path("App")])
        #expect(allowed.exitCode == 1, "\(allowed.standardErrorText)")
        let clean = try app(["App/Chain.swift": chain])
        let cleanAllowed = try await RampartBinary.run(["scan", "--allow-incomplete", clean.path("App")])
        #expect(cleanAllowed.exitCode == 0, "\(cleanAllowed.standardErrorText)")
        let json = try await RampartBinary.run(["scan", "--format", "json", clean.path("App")])
        #expect(json.exitCode == 3)
        #expect(json.standardOutputText.contains("SwiftLimits.maximumPostfixChainLength"))
    }
}
