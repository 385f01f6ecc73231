import Testing

@testable import RampartScan

/// The lines findings point at in a property list come from one index of its keys, built once: 20,000 exception
/// domains, or one domain of 20,000 labels, used to take minutes (every look-up walked every key, and tried every
/// run of labels). The plists are generated here.
@Suite("Property list key lines")
struct PropertyListKeyLinesTests {
    static func exceptions(_ domains: [String]) -> String {
        let entries = domains.map {
            "<key>\($0)</key>\n<dict>\n<key>NSExceptionMinimumTLSVersion</key>\n<string>TLSv1.0</string>\n</dict>\n"
        }
        return PropertyListAnalyzerTests.plist(
            """
            <key>CFBundleIdentifier</key>
            <string>com.example.app</string>
            <key>NSAppTransportSecurity</key>
            <dict>
            <key>NSExceptionDomains</key>
            <dict>
            \(entries.joined())</dict>
            </dict>
            """)
    }

    @Test("20,000 exception domains: each finding on its own key's line", .timeLimit(.minutes(10)))
    func manyDomains() {
        let count = 20_000
        let result = PropertyListAnalyzerTests.analyze(Self.exceptions((0..<count).map { "d\($0).example.com" }))
        let lines = result.findings.filter { $0.ruleID == ScanRule.atsWeakened.id }.map(\.line)
        #expect(lines == (0..<count).map { 13 + 5 * $0 })
        #expect(result.problems.isEmpty)
    }

    @Test("a domain of 20,000 labels is found whole", .timeLimit(.minutes(10)))
    func longDomain() {
        let domain = Array(repeating: "a", count: 20_000).joined(separator: ".")
        let result = PropertyListAnalyzerTests.analyze(Self.exceptions(["a", domain, "b.example.com"]))
        let lines = result.findings.filter { $0.ruleID == ScanRule.atsWeakened.id }.map(\.line)
        #expect(lines == [13, 18, 23])
    }

    @Test("key paths: dotted domains, a missing tail, strings after a key")
    func lookUps() {
        let lines = PropertyListKeyLines(
            bytes: Array(
                """
                <plist><dict>
                <key>A</key><dict>
                <key>b.c</key><dict><key>D</key><true/></dict>
                <key>b</key><dict><key>c</key><string>x</string></dict>
                </dict>
                <key>S</key><array><string>y</string><string>x</string></array>
                </dict></plist>
                """.utf8))
        #expect(lines.line(ofKeyPath: "A.b.c.D") == 3)
        #expect(lines.line(ofKeyPath: "A.b.c") == 3)
        #expect(lines.line(ofKeyPath: "A.b.missing") == 4)
        #expect(lines.line(ofKeyPath: "Z") == 0)
        #expect(lines.line(ofString: "x", after: "S") == 6)
        #expect(lines.line(ofString: "z", after: "S") == 6)
        #expect(lines.line(ofString: "x", after: "Q") == 0)
        #expect(PropertyListKeyLines(bytes: Array("<plist><string>x</string></plist>".utf8)).line(ofKeyPath: "x") == 0)
    }
}
