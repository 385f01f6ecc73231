import RampartPolicy
import RampartScan

/// A test-only analyzer: reports RS-NET-001 at every `INSECURE` in `.swift`, `.m` and `.plist` files, so the
/// engine's behaviour is tested apart from the real rules.
struct EngineTestAnalyzer: ScanAnalyzer {
    static let marker = "INSECURE"

    func accepts(path: String, prefix: ArraySlice<UInt8>) -> Bool {
        path.hasSuffix(".swift") || path.hasSuffix(".m") || path.hasSuffix(".plist")
    }

    func analyze(_ file: ScanFile) -> ScanFileResult {
        guard let text = file.text else {
            return ScanFileResult(problems: [ScanProblem(path: file.path, message: "analyzer: not UTF-8")])
        }
        var findings: [ScanFinding] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let range = rest.firstRange(of: Self.marker) {
                let column = line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1
                findings.append(
                    ScanFinding(
                        rule: .cleartextHTTPURL, path: file.path, line: index + 1, column: column,
                        message: "marker \(Self.marker)"))
                rest = line[range.upperBound...]
            }
        }
        return ScanFileResult(findings: findings)
    }
}

extension ScanEngine {
    /// An engine with only the test analyzer.
    static func testing(includeTests: Bool = false, includeDependencies: Bool = false, maximumFileSize: Int = 32 << 20)
        -> ScanEngine
    {
        ScanEngine(
            configuration: ScanConfiguration(
                analyzers: [EngineTestAnalyzer()], includeTests: includeTests,
                includeDependencies: includeDependencies, maximumFileSize: maximumFileSize))
    }
}
