import Foundation
import RampartPolicy
import RampartScan
import RampartTestSupport
import Testing

@Suite("Scan outputs: text, JSON, SARIF, HTML", .timeLimit(.minutes(10)))
struct OutputReportTests {
    /// A scan of a small tree with findings of two severities, a problem and a suppressed finding.
    static func sample() throws -> (ScratchFolder, ScanReport) {
        let scratch = try ScratchFolder("scan-output")
        try FileManager.default.createDirectory(at: scratch.url("App"), withIntermediateDirectories: true)
        _ = try scratch.write("App/Net work.swift", "import Foundation\n\tlet url = \"INSECURE\"\nlet <b> = 1\n")
        _ = try scratch.write("App/Info.plist", "<string>INSECURE</string> <!-- rampart:ignore RS-NET-001 lab -->\n")
        try Data([0xFF, 0x0A]).write(to: scratch.url("App/Bad.swift"))
        var report = try ScanEngine.testing().scan([scratch.path])
        // A second severity, as a rule's analyzer may lower one.
        var low = report.findings[0]
        low.severity = .low
        low.line = 3
        low.column = 5
        low.snippet = "let <b> = 1"
        low.excerpt = nil
        low.message = "a <script>alert(1)</script> & more"
        report.findings.append(low)
        return (scratch, report)
    }

    @Test("text: path:line:column severity rule title: message, the line and a caret under the column; a summary")
    func text() throws {
        let (_, report) = try Self.sample()
        let text = ScanTextReport.render(report, field: { $0.replacingOccurrences(of: "\t", with: "\\t") })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines[0] == "App/Net work.swift:2:13: high RS-NET-001 \(ScanRule.cleartextHTTPURL.title): marker INSECURE")
        #expect(lines[1] == "    \\tlet url = \"INSECURE\"")
        #expect(lines[2] == "    " + String(repeating: " ", count: 13) + "^")
        #expect(lines[3].hasPrefix("App/Net work.swift:3:5: low RS-NET-001"))
        #expect(text.contains("Not scanned or not understood (1):\n  App/Bad.swift: not UTF-8 text"))
        #expect(
            lines.last
                == "2 finding(s): 1 high, 0 medium, 1 low, 0 info; 2 file(s), 4 line(s) scanned; 1 suppressed; 1 problem(s)"
        )
        let painted = ScanTextReport.render(report, colour: true)
        #expect(painted.contains("\u{1B}[31mhigh\u{1B}[0m"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test("JSON: the documented shape, with the rules the findings name and a fingerprint per finding")
    func json() throws {
        let (_, report) = try Self.sample()
        let data = try ScanJSONReport.render(report, toolVersion: "9.9.9")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "rampart-scan-report")
        #expect(object["version"] as? Int == 1)
        #expect((object["tool"] as? [String: Any])?["version"] as? String == "9.9.9")
        #expect((object["rules"] as? [[String: Any]])?.map { $0["id"] as? String } == ["RS-NET-001"])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        #expect(findings[0]["path"] as? String == "App/Net work.swift")
        #expect(findings[0]["line"] as? Int == 2)
        #expect((findings[0]["fingerprint"] as? String)?.count == 66)
        #expect((object["summary"] as? [String: Int]) == ["high": 1, "medium": 0, "low": 1, "info": 0])
        #expect((object["counts"] as? [String: Any])?["suppressed"] as? Int == 1)
        #expect((object["problems"] as? [[String: Any]])?.count == 1)
    }

    @Test("SARIF validates against the SARIF 2.1.0 schema, with relative URIs, regions, rules and fixes")
    func sarif() async throws {
        let (scratch, report) = try Self.sample()
        let data = try ScanSARIFReport.render(report, toolVersion: "9.9.9")
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sarif/sarif-schema-2.1.0.json")
        let python = try #require(PeerTools.python, "the peers' virtualenv is missing: run Scripts/test")
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            log = json.load(sys.stdin)
            jsonschema.Draft4Validator.check_schema(schema)
            jsonschema.Draft4Validator(schema).validate(log)
            print(len(log["runs"][0]["results"]))
            """
        let result = try await PeerProcess.runAsync(python.path, ["-c", script, schema.path], input: data)
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(result.standardOutputText == "2\n")

        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"]
        #expect(
            base == scratch.url.standardizedFileURL.absoluteString
                + (scratch.url.absoluteString.hasSuffix("/") ? "" : "/"))
        let first = try #require((run["results"] as? [[String: Any]])?.first)
        let location = try #require(
            (first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(
            (location["artifactLocation"] as? [String: String]) == [
                "uri": "App/Net%20work.swift", "uriBaseId": "%SRCROOT%",
            ])
        #expect((location["region"] as? [String: Int]) == ["startLine": 2, "startColumn": 13])
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let rule = try #require(rules.first { $0["id"] as? String == "RS-NET-001" })
        #expect((rule["help"] as? [String: String])?["text"] == ScanRule.cleartextHTTPURL.fix)
        let properties = try #require(rule["properties"] as? [String: Any])
        #expect(properties["security-severity"] as? String == "8.0")
        #expect((properties["tags"] as? [String])?.contains("MASVS-NETWORK-1") == true)
        #expect((properties["tags"] as? [String])?.contains("external/cwe/cwe-319") == true)
    }

    @Test("HTML: one file with no script or outside asset, everything escaped")
    func htmlSelfContained() throws {
        let (_, report) = try Self.sample()
        let html = ScanHTMLReport.render(report, toolVersion: "9.9.9")
        #expect(!html.contains("<script"))
        #expect(html.contains("a &lt;script&gt;alert(1)&lt;/script&gt; &amp; more"))
        #expect(html.contains("let &lt;b&gt; = 1"))
        for reference in ["src=", "href=", "@import", "url("] { #expect(!html.contains(reference), "\(reference)") }
    }

    /// `text` as a serialised DOM writes a text node.
    static func textNode(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    @Test("HTML in headless Chromium: a reader sees the counts, the finding's rule, code and fix")
    func htmlInChromium() async throws {
        let (scratch, report) = try Self.sample()
        let file = try scratch.write("report.html", ScanHTMLReport.render(report, toolVersion: "9.9.9"))
        let chromium = try #require(PeerTools.locate("chromium"), "chromium is missing: run Scripts/test")
        let profile = try scratch.subfolder("chromium-profile")
        let result = try await PeerProcess.runAsync(
            chromium.path,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--dump-dom", file.absoluteString,
            ])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let dom = result.standardOutputText
        // The DOM Chromium built: the summary rows, the finding, its excerpt and its fix, as text.
        #expect(dom.contains("<tr class=\"high\"><td>high</td><td>1</td></tr>"))
        #expect(dom.contains("<tr class=\"low\"><td>low</td><td>1</td></tr>"))
        #expect(dom.contains("<td>MASVS-NETWORK-1</td><td>1</td><td>0</td><td>1</td><td>0</td>"))
        #expect(dom.contains("<span class=\"rule\">RS-NET-001</span>"))
        #expect(dom.contains(Self.textNode(ScanRule.cleartextHTTPURL.fix)))
        #expect(dom.contains("let url = \"INSECURE\"") || dom.contains("let url = &quot;INSECURE&quot;"))
        #expect(!dom.contains("<script>alert"), "the message's markup stayed text")
    }
}
