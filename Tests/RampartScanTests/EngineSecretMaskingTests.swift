import Foundation
import RampartScan
import RampartTestSupport
import Testing

@Suite("Scan engine: a found secret is masked in every report", .timeLimit(.minutes(10)))
struct EngineSecretMaskingTests {
    /// A token of GitHub's shape, made at run time so this file holds none.
    static let token = "ghp_" + String(repeating: "Zq7Xk2Lm9P", count: 4).prefix(36)

    @Test("a hard-coded token's line and excerpt show the masked value, in text, JSON, SARIF and HTML alike")
    func masked() throws {
        let scratch = try ScratchFolder("scan-masking")
        let swift = "import Foundation\n\nlet client = Client(token: \"\(Self.token)\")\nlet other = 1\n"
        try Data(swift.utf8).write(to: scratch.url("Config.swift"))
        let objc = "#import <Foundation/Foundation.h>\nstatic NSString *const kToken = @\"\(Self.token)\";\n"
        try Data(objc.utf8).write(to: scratch.url("Config.m"))
        let report = try ScanEngine().scan([scratch.path])
        let secrets = report.findings.filter { $0.ruleID == ScanRule.hardCodedSecret.id }
        #expect(Set(secrets.map(\.path)) == ["Config.m", "Config.swift"], "\(report.findings)")
        for finding in secrets {
            let shown = [finding.snippet ?? "", finding.message] + (finding.excerpt?.lines ?? [])
            #expect(!shown.contains { $0.contains(Self.token) }, "\(finding)")
            #expect(finding.snippet?.contains("ghp_…") == true, "\(finding.snippet ?? "no snippet")")
        }
        let outputs = [
            try ScanJSONReport.render(report, toolVersion: "test"),
            try ScanSARIFReport.render(report, toolVersion: "test"),
            Data(ScanHTMLReport.render(report, toolVersion: "test").utf8),
            Data(ScanTextReport.render(report).utf8),
        ]
        for output in outputs {
            #expect(String(decoding: output, as: UTF8.self).contains(Self.token) == false)
        }
    }

    @Test("a finding of another rule keeps its line as written")
    func otherRules() throws {
        let scratch = try ScratchFolder("scan-masking-other")
        let swift =
            "import Foundation\nlet url = URL(string: \"http://api.example.com/v1\")!\nlet task = URLSession.shared.dataTask(with: url)\n"
        try Data(swift.utf8).write(to: scratch.url("Net.swift"))
        let report = try ScanEngine().scan([scratch.path])
        let cleartext = try #require(report.findings.first { $0.ruleID == ScanRule.cleartextHTTPURL.id })
        #expect(cleartext.snippet?.contains("http://api.example.com/v1") == true)
    }
}
