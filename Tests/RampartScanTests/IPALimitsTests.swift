import RampartScan
import Testing

/// Hostile archives built here (never committed): a member nested 10,000 folders deep used to cost a minute
/// and 677 MB (every prefix of its path joined, for each bundle folder in it); now a path deeper than
/// ``IPALimits/maximumPathDepth`` is not read, and said so.
@Suite("IPAAnalyzer limits")
struct IPALimitsTests {
    static func analyze(_ members: [(name: String, contents: [UInt8])], limits: IPALimits = IPALimits())
        -> ScanFileResult
    {
        IPAAnalyzer(limits: limits).analyze(ScanFile(path: "App.ipa", contents: StoredZip.archive(members)))
    }

    @Test("a member 10,000 bundle folders deep is not read; the limit is named once for all such members")
    func deepMember() {
        let deep = "Payload/" + String(repeating: "a.app/", count: 10_000) + "Info.plist"
        let result = Self.analyze([
            ("Payload/App.app/Info.plist", []), (deep, []), (deep + "x", []), ("Payload/App.app/App", []),
        ])
        let messages = result.problems.map(\.message)
        #expect(messages.filter { $0.contains("IPALimits.maximumPathDepth") }.count == 2, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("not read: nested 10002 folders deep, more than the limit of 64") })
        #expect(messages.contains { $0.hasPrefix("1 more members nested deeper than 64 folders") })
    }

    @Test("more bundles than the limit: the first are scanned, the limit is named")
    func manyBundles() {
        var limits = IPALimits()
        limits.maximumBundles = 3
        let members = (0..<5).map { (name: "Payload/App.app/PlugIns/E\($0).appex/Info.plist", contents: [UInt8]()) }
        let result = Self.analyze([("Payload/App.app/Info.plist", [])] + members, limits: limits)
        #expect(
            result.problems.contains {
                $0.message.contains("IPALimits.maximumBundles") && $0.message.contains("6 bundles")
            })
    }
}
