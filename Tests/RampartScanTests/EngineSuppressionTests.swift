import Foundation
import RampartPolicy
import RampartScan
import RampartTestSupport
import Testing

@Suite("Scan engine: suppressions and baselines", .timeLimit(.minutes(10)))
struct EngineSuppressionTests {
    func scan(_ files: [String: String]) throws -> (ScratchFolder, ScanReport) {
        let scratch = try ScratchFolder("scan-suppress")
        for (name, text) in files { _ = try scratch.write(name, text) }
        return (scratch, try ScanEngine.testing().scan([scratch.path]))
    }

    @Test("a rampart:ignore with a reason on the line or the line before hides the finding and is counted")
    func suppressed() throws {
        let (_, report) = try scan([
            "A.swift": """
            let a = "INSECURE" // rampart:ignore RS-NET-001 the lab server has no TLS
            // rampart:ignore RS-NET-001 documented test host
            let b = "INSECURE"
            /* rampart:ignore RS-NET-001,RS-NET-002 fixture for the demo */ let c = "INSECURE"

            let d = "INSECURE"
            """,
            "Info.plist": "<!-- rampart:ignore RS-NET-001 staging only -->\n<string>INSECURE</string>\n",
        ])
        #expect(report.findings.map { "\($0.path):\($0.line)" } == ["A.swift:6"])
        #expect(report.counts.suppressed == 4)
        #expect(report.problems.isEmpty)
    }

    @Test("without a reason, or for another rule, nothing is hidden; a missing reason and an unknown id are reported")
    func refused() throws {
        let (_, report) = try scan([
            "A.swift": """
            let a = "INSECURE" // rampart:ignore RS-NET-001
            let b = "INSECURE" // rampart:ignore RS-NET-002 wrong rule
            let c = "INSECURE" // rampart:ignore RS-NOPE-999 no such rule
            let d = "INSECURE" // rampart:ignore because I said so
            let e = "rampart:ignore RS-NET-001 inside a string, not a comment"
            """
        ])
        #expect(report.findings.map(\.line) == [1, 2, 3, 4])
        #expect(report.counts.suppressed == 0)
        #expect(
            report.problems.map(\.message) == [
                "line 1: rampart:ignore RS-NET-001 gives no reason, so it suppresses nothing; add why the finding is safe after the rule id",
                "line 2: rampart:ignore RS-NET-002 suppresses nothing: no such finding on this line or the next; remove it, or move it next to the finding it excuses",
                "line 3: rampart:ignore names RS-NOPE-999, which is no rule of rampart scan; it suppresses nothing under that id",
                "line 4: rampart:ignore names no rule; write rampart:ignore RS-AREA-NNN and why it is safe",
            ])
    }

    @Test("a suppression that hides nothing (the code changed, or it is on the wrong line) is reported, once")
    func unused() throws {
        let (_, report) = try scan([
            "A.swift": """
            // rampart:ignore RS-NET-001 the mock server this excused is gone
            let a = "https://api.example.com"

            // rampart:ignore RS-NET-001,RS-NET-002 one of the two is enough to be used
            let b = "INSECURE"
            """
        ])
        #expect(report.findings.isEmpty)
        #expect(report.counts.suppressed == 1)
        #expect(
            report.problems.map(\.message) == [
                "line 1: rampart:ignore RS-NET-001 suppresses nothing: no such finding on this line or the next; remove it, or move it next to the finding it excuses"
            ])
    }

    @Test("a baseline hides the findings it holds, still after lines are added above them, and lists stale entries")
    func baselineRoundTrip() throws {
        let original = "let a = \"INSECURE\"\nlet b = \"INSECURE\"\nlet b = \"INSECURE\"\nlet c = \"INSECURE\"\n"
        let (scratch, report) = try scan(["A.swift": original])
        #expect(report.findings.count == 4)
        let written = try ScanBaseline(report.findings).encoded()
        #expect(!String(decoding: written, as: UTF8.self).contains("let a"), "a baseline never quotes the code")
        let baseline = try ScanBaseline.decode(written, name: "baseline.json")
        #expect(baseline.apply(to: report).findings.isEmpty)

        // Two lines added above, one finding fixed (c), one identical line added (a third b), one line edited (a).
        _ = try scratch.write(
            "A.swift",
            "import Foundation\n\nlet a = \"INSECURE\" + x\nlet b = \"INSECURE\"\nlet b = \"INSECURE\"\nlet b = \"INSECURE\"\n"
        )
        let next = baseline.apply(to: try ScanEngine.testing().scan([scratch.path]))
        #expect(next.findings.map(\.line) == [3, 6])
        #expect(next.counts.hiddenByBaseline == 2)
        #expect(next.staleBaselineEntries.map(\.line) == [1, 4])
    }

    @Test("a baseline that is not one is refused with what is wrong")
    func malformedBaseline() throws {
        #expect(throws: ScanError.self) { try ScanBaseline.decode(Data("[]".utf8), name: "b.json") }
        do {
            _ = try ScanBaseline.decode(Data(#"{"format":"other","version":1,"entries":[]}"#.utf8), name: "b.json")
            Issue.record("accepted another format")
        } catch {
            #expect(error.description.contains("its format is \"other\""))
        }
        #expect(throws: ScanError.missingBaseline("/nonexistent/b.json")) {
            try ScanBaseline.read(from: "/nonexistent/b.json")
        }
    }
}
