import Foundation
import RampartTestSupport
import Testing

/// Every figure the docs show comes from `docs/benchmarks.json`: `Scripts/docs-figures` writes the tables between
/// `<!-- figures:ID -->` markers, and these tests fail when a table and the file disagree.
@Suite("Docs figures: every table comes from docs/benchmarks.json")
struct DocsFiguresTests {
    static let script = PeerTools.packageRoot.appendingPathComponent("Scripts/docs-figures").path

    static let benchmarks = """
        {"schema": 1, "results": [{"id": "demo.handshake", "title": "a handshake", "date": "2026-11-25T10:00:00Z",
          "machine": "test machine", "toolchain": "Swift 6.3.1", "command": "Scripts/bench --filter handshake",
          "peer": {"name": "openssl", "version": "3.0.17", "command": "openssl s_time -connect 127.0.0.1:4433"},
          "figures": [{"name": "p50", "value": 1630, "unit": "us"}, {"name": "allocations", "value": 29, "unit": "count"}]}]}
        """

    @Test("The committed docs agree with docs/benchmarks.json (Scripts/docs-figures --check)")
    func committedDocsAgree() async throws {
        let result = try await PeerProcess.runAsync(Self.script, ["--check"])
        #expect(
            result.exitCode == 0,
            "Scripts/docs-figures --check: exit \(result.exitCode)\n\(result.standardErrorText)\nRun Scripts/docs-figures and commit the tables."
        )
    }

    @Test("A table edited by hand fails the check; regenerating writes the peer, its version and the command")
    func handEditedTableFails() async throws {
        let folder = try ScratchFolder("docs-figures")
        let json = try folder.write("benchmarks.json", Self.benchmarks)
        let page = try folder.write(
            "page.md",
            """
            # Handshakes

            <!-- figures:demo.handshake -->
            | result | figure | value |
            |---|---|---:|
            | `demo.handshake` | p50 | 970 us |
            <!-- /figures -->

            Text after the table stays.

            """)
        let arguments = ["--benchmarks", json.path, page.path]

        let check = try await PeerProcess.runAsync(Self.script, ["--check"] + arguments)
        #expect(check.exitCode == 1)
        #expect(check.standardErrorText.contains("page.md:3 (demo.handshake)"))
        #expect(try String(contentsOf: page, encoding: .utf8).contains("970 us"), "--check changed the file")

        let write = try await PeerProcess.runAsync(Self.script, arguments)
        #expect(write.exitCode == 0, "\(write.standardErrorText)")
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(text.contains("| `demo.handshake` | p50 | 1,630 us |"))
        #expect(text.contains("|  | allocations | 29 |"))
        #expect(text.contains("peer openssl 3.0.17, `openssl s_time -connect 127.0.0.1:4433`"))
        #expect(text.contains("`Scripts/bench --filter handshake`"))
        #expect(!text.contains("970"))
        #expect(text.hasSuffix("Text after the table stays.\n"))

        let again = try await PeerProcess.runAsync(Self.script, ["--check"] + arguments)
        #expect(again.exitCode == 0, "\(again.standardErrorText)")
    }

    static let scanResults = """
        {"schema": 1, "results": [
          {"id": "scan.accuracy.rampart", "title": "rampart on the corpus", "date": "2026-11-25T10:00:00Z",
           "machine": "test machine", "toolchain": "Swift 6.3.1", "command": "Scripts/scan-accuracy --record",
           "figures": [{"name": "RS-NET-001 recall", "value": 1.0, "unit": "ratio"},
             {"name": "RS-NET-001 precision", "value": 0.75, "unit": "ratio"},
             {"name": "RS-NET-001 tp", "value": 3, "unit": "count"}, {"name": "RS-NET-001 fp", "value": 1, "unit": "count"},
             {"name": "RS-NET-001 fn", "value": 0, "unit": "count"}, {"name": "overall recall", "value": 1.0, "unit": "ratio"},
             {"name": "overall precision", "value": 0.75, "unit": "ratio"}, {"name": "overall tp", "value": 3, "unit": "count"},
             {"name": "overall fp", "value": 1, "unit": "count"}, {"name": "overall fn", "value": 0, "unit": "count"}]},
          {"id": "scan.accuracy.mobsfscan", "title": "mobsfscan on the corpus", "date": "2026-11-25T10:00:00Z",
           "machine": "test machine", "toolchain": "Swift 6.3.1", "command": "Scripts/scan-accuracy --record",
           "peer": {"name": "mobsfscan", "version": "1.1.0", "command": "mobsfscan --json -o OUT ."},
           "figures": [{"name": "RS-NET-001 recall", "value": 0.0, "unit": "ratio"},
             {"name": "RS-NET-001 tp", "value": 0, "unit": "count"}, {"name": "RS-NET-001 fp", "value": 0, "unit": "count"},
             {"name": "RS-NET-001 fn", "value": 3, "unit": "count"}, {"name": "overall recall", "value": 0.0, "unit": "ratio"},
             {"name": "overall tp", "value": 0, "unit": "count"}, {"name": "overall fp", "value": 0, "unit": "count"},
             {"name": "overall fn", "value": 3, "unit": "count"}]},
          {"id": "scan.speed.corpus", "title": "rampart scan vs mobsfscan, the labelled corpus", "date": "2026-11-25T10:00:00Z",
           "machine": "test machine", "toolchain": "Swift 6.3.1", "command": "Scripts/bench-scan --record",
           "peer": {"name": "mobsfscan", "version": "1.1.0", "command": "mobsfscan --json DIR"},
           "figures": [{"name": "rampart median", "value": 0.16, "unit": "s"},
             {"name": "mobsfscan median", "value": 16.33, "unit": "s"}, {"name": "speed-up", "value": 102.06, "unit": "x"}]}]}
        """

    @Test(
        "The scan guide's accuracy and speed tables are docs-figures views of docs/benchmarks.json, checked like any table"
    )
    func scanTables() async throws {
        let guide = try String(
            contentsOf: PeerTools.packageRoot.appendingPathComponent("docs/guides/scan.md"), encoding: .utf8)
        #expect(guide.contains("<!-- figures:scan.accuracy.rampart,scan.accuracy.mobsfscan view=scan-accuracy -->"))
        #expect(guide.contains("<!-- figures:scan.speed.corpus,scan.speed.100k view=scan-speed -->"))
        #expect(!guide.contains("<!-- begin: scan-"), "a table written outside Scripts/docs-figures")

        let folder = try ScratchFolder("docs-figures-scan")
        let json = try folder.write("benchmarks.json", Self.scanResults)
        let page = try folder.write(
            "scan.md",
            """
            <!-- figures:scan.accuracy.rampart,scan.accuracy.mobsfscan view=scan-accuracy -->
            <!-- /figures -->

            <!-- figures:scan.speed.corpus view=scan-speed -->
            <!-- /figures -->

            """)
        let write = try await PeerProcess.runAsync(Self.script, ["--benchmarks", json.path, page.path])
        #expect(write.exitCode == 0, "\(write.standardErrorText)")
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(text.contains("| Rule | rampart recall | rampart precision | mobsfscan recall | mobsfscan precision |"))
        #expect(text.contains("| `RS-NET-001` | 1.00 (3/3) | 0.75 (3/4) | 0.00 (0/3) | — |"), "\(text)")
        #expect(text.contains("| **overall** | 1.00 (3/3) | 0.75 (3/4) | 0.00 (0/3) | — |"), "\(text)")
        #expect(text.contains("| the labelled corpus | 0.16 s | 16.33 s | 102× faster |"), "\(text)")
        #expect(text.contains("peer mobsfscan 1.1.0, `mobsfscan --json DIR`"))

        // A figure recorded again makes the committed table stale until it is regenerated.
        let changed = Self.scanResults.replacingOccurrences(
            of: "\"mobsfscan median\", \"value\": 16.33", with: "\"mobsfscan median\", \"value\": 20.5")
        let newer = try folder.write("newer.json", changed)
        let check = try await PeerProcess.runAsync(Self.script, ["--check", "--benchmarks", newer.path, page.path])
        #expect(check.exitCode == 1)
        #expect(check.standardErrorText.contains("(scan.speed.corpus): the table differs"), "\(check.standardErrorText)")
        #expect(!check.standardErrorText.contains("scan.accuracy"), "\(check.standardErrorText)")

        let unknown = try folder.write(
            "unknown.md", "<!-- figures:scan.speed.corpus view=nothing -->\n<!-- /figures -->\n")
        let refused = try await PeerProcess.runAsync(Self.script, ["--benchmarks", json.path, unknown.path])
        #expect(refused.exitCode == 2 && refused.standardErrorText.contains("no view 'nothing'"))
    }

    @Test("A marker naming a result the file lacks fails; a pattern with * waits for its results")
    func unknownResult() async throws {
        let folder = try ScratchFolder("docs-figures")
        let json = try folder.write("benchmarks.json", Self.benchmarks)
        let missing = try folder.write("missing.md", "<!-- figures:demo.nothing -->\n<!-- /figures -->\n")
        let result = try await PeerProcess.runAsync(Self.script, ["--benchmarks", json.path, missing.path])
        #expect(result.exitCode == 1)
        #expect(result.standardErrorText.contains("no result 'demo.nothing'"))

        let pending = try folder.write("pending.md", "<!-- figures:seal.* -->\n<!-- /figures -->\n")
        let write = try await PeerProcess.runAsync(Self.script, ["--benchmarks", json.path, pending.path])
        #expect(write.exitCode == 0, "\(write.standardErrorText)")
        #expect(try String(contentsOf: pending, encoding: .utf8).contains("No result recorded under `seal.*` yet"))

        let unclosed = try folder.write("unclosed.md", "<!-- figures:demo.handshake -->\n| a |\n")
        let broken = try await PeerProcess.runAsync(Self.script, ["--check", "--benchmarks", json.path, unclosed.path])
        #expect(broken.exitCode == 2)
        #expect(broken.standardErrorText.contains("has no '<!-- /figures -->'"))
    }
}
