import Foundation
import RampartPolicy
import RampartScan

/// The labelled scan corpus (`ScanCorpus/` at the package root) and its markers, read as
/// `ScanCorpus/README.md` defines them (the same grammar `Scripts/scan-accuracy` reads):
/// `expect: RS-…` on a line, `expect-begin:`/`expect-end:` around a construct that spans lines,
/// `<!-- expect: RS-… -->` before a property-list key or element, and `tolerate: RS-… SEVERITY`.
struct CorpusMarkers {
    /// One finding the scanner owes: a rule, in a file, somewhere in `lines`.
    struct Expectation: Hashable, CustomStringConvertible {
        var path: String
        var ruleID: String
        var lines: ClosedRange<Int>
        var description: String {
            "\(ruleID) at \(path):\(lines.lowerBound)" + (lines.count > 1 ? "-\(lines.upperBound)" : "")
        }
    }

    /// A finding the corpus accepts without counting it: a rule on a line, up to a severity.
    struct Tolerance: Hashable {
        var path: String
        var line: Int
        var ruleID: String
    }

    /// How the scanner did against the markers.
    struct Outcome {
        var matched: [Expectation] = []
        var missed: [Expectation] = []
        var spurious: [ScanFinding] = []
        var recall: Double { ratio(matched.count, matched.count + missed.count) }
        var precision: Double { ratio(matched.count, matched.count + spurious.count) }
        private func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 1 : Double(a) / Double(b) }
    }

    var expectations: [Expectation] = []
    var tolerances: [Tolerance: FindingSeverity] = [:]

    /// `ScanCorpus/`, found from this file's place in the package.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ScanCorpus")

    private static let rule = #"RS-[A-Z]+-\d{3}"#

    /// Reads every marker under `root`.
    static func read(root: URL = root) throws -> CorpusMarkers {
        var markers = CorpusMarkers()
        let base = root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return markers }
        for case let relative as String in walker where relative != "README.md" {
            let url = URL(fileURLWithPath: base).appendingPathComponent(relative)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let lines = text.components(separatedBy: "\n")
            if relative.hasSuffix(".plist") || relative.hasSuffix(".entitlements") {
                markers.readPropertyList(lines, path: relative)
            } else {
                try markers.readSource(lines, path: relative)
            }
        }
        return markers
    }

    private mutating func readSource(_ lines: [String], path: String) throws {
        var open: [String: [Int]] = [:]
        for (index, text) in lines.enumerated() {
            let number = index + 1
            for ruleID in Self.ids(after: "expect-begin:", in: text) { open[ruleID, default: []].append(number) }
            for ruleID in Self.ids(after: "expect-end:", in: text) {
                guard let begin = open[ruleID]?.popLast() else { throw MarkerError(path: path, line: number) }
                expectations.append(Expectation(path: path, ruleID: ruleID, lines: begin...number))
            }
            for ruleID in Self.ids(after: "expect:", in: text) {
                expectations.append(Expectation(path: path, ruleID: ruleID, lines: number...number))
            }
            for (ruleID, severity) in Self.tolerances(in: text) {
                tolerances[Tolerance(path: path, line: number, ruleID: ruleID)] = severity
            }
        }
        if let unclosed = open.first(where: { !$0.value.isEmpty }) {
            throw MarkerError(path: path, line: unclosed.value[0])
        }
    }

    private mutating func readPropertyList(_ lines: [String], path: String) {
        for (index, text) in lines.enumerated() {
            guard let open = text.range(of: "<!--"),
                let close = text.range(of: "-->", range: open.upperBound..<text.endIndex)
            else { continue }
            let body = String(text[open.upperBound..<close.lowerBound])
            let span = Self.elementSpan(lines, after: index)
            for ruleID in Self.ids(after: "expect:", in: body) {
                expectations.append(Expectation(path: path, ruleID: ruleID, lines: span))
            }
            for (ruleID, severity) in Self.tolerances(in: body) {
                for line in span { tolerances[Tolerance(path: path, line: line, ruleID: ruleID)] = severity }
            }
        }
    }

    /// The lines of the element after a plist marker: a key and its value, or a whole dict or array.
    private static func elementSpan(_ lines: [String], after marker: Int) -> ClosedRange<Int> {
        var index = marker + 1
        while index < lines.count && lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
        guard index < lines.count else { return (marker + 1)...(marker + 1) }
        let first = index
        if lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("<key>") { index += 1 }
        var depth = 0
        while index < lines.count {
            depth += count(#"<(dict|array)>"#, in: lines[index]) - count(#"</(dict|array)>"#, in: lines[index])
            if depth <= 0 { break }
            index += 1
        }
        return (first + 1)...(min(index, lines.count - 1) + 1)
    }

    private static func count(_ pattern: String, in text: String) -> Int {
        (try? NSRegularExpression(pattern: pattern)).map {
            $0.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
        } ?? 0
    }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The rule ids in the comma-separated list after `keyword`.
    private static func ids(after keyword: String, in text: String) -> [String] {
        let pattern =
            "(?<![-\\w])" + NSRegularExpression.escapedPattern(for: keyword) + #"\s*("# + rule + #"(?:\s*,\s*"#
            + rule + ")*)"
        return matches(pattern, in: text).flatMap { groups in matches(rule, in: groups[1]).map { $0[0] } }
    }

    private static func tolerances(in text: String) -> [(String, FindingSeverity)] {
        matches(#"tolerate:\s*("# + rule + #")(?:\s+(info|low|medium|high))?"#, in: text).map { groups in
            (groups[1], FindingSeverity(rawValue: groups[2]) ?? .info)
        }
    }

    /// Matches `findings` against the markers: a finding meets an expectation of its rule in its file whose
    /// lines hold it (a property-list finding on line 0 or 1 is about the whole file and meets one of its
    /// rule there); a second finding for a met expectation is not counted; a finding on a tolerated line at or
    /// under the tolerated severity is not counted; every other finding is spurious.
    func evaluate(_ findings: [ScanFinding]) -> Outcome {
        var met = Set<Int>()
        var outcome = Outcome()
        let ordered = findings.sorted {
            ($0.line <= 1 ? 1 : 0, $0.path, $0.line) < ($1.line <= 1 ? 1 : 0, $1.path, $1.line)
        }
        for finding in ordered {
            let wholeFile =
                finding.line <= 1 && (finding.path.hasSuffix(".plist") || finding.path.hasSuffix(".entitlements"))
            let candidates = expectations.indices.filter { index in
                let expectation = expectations[index]
                return expectation.ruleID == finding.ruleID && expectation.path == finding.path
                    && (wholeFile ? !met.contains(index) : expectation.lines.contains(finding.line))
            }
            if let index = candidates.first(where: { !met.contains($0) }) ?? candidates.first {
                met.insert(index)
                continue
            }
            let tolerated =
                wholeFile
                ? tolerances.filter { $0.key.path == finding.path && $0.key.ruleID == finding.ruleID }.map(\.value)
                : [tolerances[Tolerance(path: finding.path, line: finding.line, ruleID: finding.ruleID)]].compactMap {
                    $0
                }
            if tolerated.contains(where: { finding.severity <= $0 }) { continue }
            outcome.spurious.append(finding)
        }
        for (index, expectation) in expectations.enumerated() {
            if met.contains(index) {
                outcome.matched.append(expectation)
            } else {
                outcome.missed.append(expectation)
            }
        }
        return outcome
    }

    struct MarkerError: Error, CustomStringConvertible {
        var path: String
        var line: Int
        var description: String { "\(path):\(line): an expect-begin without its expect-end (or the reverse)" }
    }
}
