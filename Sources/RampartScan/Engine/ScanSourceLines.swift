/// The lines of a scanned text file, to give each finding its source line and a few lines around it.
struct ScanSourceLines {
    /// Characters of a line kept whole; a longer line is cut around the finding's column.
    static let maximumLineLength = 400
    /// Lines shown before and after a finding's line in its excerpt.
    static let excerptRadius = 2

    private let lines: [Substring]

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines.map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    /// `findings` of this file with their source lines (when their analyzer gave none) and excerpts, every line
    /// that holds a secret masked (``ScanSecretMasking``), whatever the finding's rule.
    func completing(_ findings: [ScanFinding]) -> [ScanFinding] {
        let secret = secretLines(findings)
        return findings.map { completing($0, secretLines: secret) }
    }

    /// The indices of the lines shown around `findings` that hold a secret, each with whether it lies inside a
    /// multi-line literal (masked whole) rather than on a line of its own syntax.
    func secretLines(_ findings: [ScanFinding]) -> [Int: Bool] {
        var secret: [Int: Bool] = [:]
        var shown = Set<Int>()
        for finding in findings where finding.line >= 1 && finding.line <= lines.count {
            let index = finding.line - 1
            shown.formUnion(max(0, index - Self.excerptRadius)...min(lines.count - 1, index + Self.excerptRadius))
            guard ScanSecretMasking.ruleIDs.contains(finding.ruleID) else { continue }
            if secret[index] == nil { secret[index] = false }
            // A secret rule's finding that opens a multi-line literal: every line up to its close holds it.
            let line = lines[index].utf8
            let from = line.index(line.startIndex, offsetBy: max(0, min(finding.column - 1, line.count)))
            guard Self.opensMultilineLiteral(Substring(line[from...])) else { continue }
            var next = index + 1
            while next < lines.count {
                secret[next] = true
                if lines[next].contains("\"\"\"") { break }
                next += 1
            }
        }
        for index in shown where secret[index] == nil {
            let line = String(lines[index])
            if !KnownSecrets.secrets(in: line).isEmpty || CleartextURL.hasCredentials(line) { secret[index] = false }
        }
        return secret
    }

    /// Whether `text` holds an odd number of `"""`: a multi-line literal opens on it and closes further down.
    static func opensMultilineLiteral(_ text: Substring) -> Bool {
        var count = 0
        var rest = text
        while let range = rest.range(of: "\"\"\"") {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count % 2 == 1
    }

    /// `finding` with its source line (when its analyzer gave none) and its excerpt; the lines in `secretLines`
    /// masked.
    func completing(_ finding: ScanFinding, secretLines: [Int: Bool] = [:]) -> ScanFinding {
        guard finding.line >= 1, finding.line <= lines.count else { return finding }
        var finding = finding
        let index = finding.line - 1
        func shown(_ index: Int) -> Substring {
            switch secretLines[index] {
            case nil: return lines[index]
            case false?: return Substring(ScanSecretMasking.masked(String(lines[index])))
            case true?: return Substring(ScanSecretMasking.maskedLiteralLine(String(lines[index])))
            }
        }
        if let snippet = finding.snippet {
            var snippet = snippet
            if let inLiteral = secretLines[index] {
                snippet = inLiteral ? ScanSecretMasking.maskedLiteralLine(snippet) : ScanSecretMasking.masked(snippet)
            }
            if snippet.utf8.count > Self.maximumLineLength * 4 {
                snippet = Self.clipped(Substring(snippet), column: finding.column)
            }
            finding.snippet = snippet
        } else {
            finding.snippet = Self.clipped(shown(index), column: finding.column)
        }
        if finding.excerpt == nil {
            let first = max(0, index - Self.excerptRadius)
            let last = min(lines.count - 1, index + Self.excerptRadius)
            finding.excerpt = ScanExcerpt(
                firstLine: first + 1,
                lines: (first...last).map { Self.clipped(shown($0), column: $0 == index ? finding.column : 1) })
        } else if var excerpt = finding.excerpt {
            excerpt.lines = excerpt.lines.enumerated().map { offset, line in
                switch secretLines[excerpt.firstLine - 1 + offset] {
                case nil: line
                case false?: ScanSecretMasking.masked(line)
                case true?: ScanSecretMasking.maskedLiteralLine(line)
                }
            }
            finding.excerpt = excerpt
        }
        return finding
    }

    /// `line` whole when it is short; otherwise the part around `column` (a UTF-8 column, from 1) between `…`.
    ///
    /// Measured and cut in UTF-8 bytes, snapped to scalar boundaries, so that many findings on one very long
    /// line cost a constant amount each instead of a walk over the line's characters per finding.
    static func clipped(_ line: Substring, column: Int) -> String {
        let utf8 = line.utf8
        let count = utf8.count
        guard count > maximumLineLength * 4 else { return String(line) }
        let offset = max(0, min(column - 1, count))
        let start = max(0, offset - maximumLineLength / 4)
        var lower = utf8.index(utf8.startIndex, offsetBy: start)
        var upper = utf8.index(lower, offsetBy: min(count - start, maximumLineLength))
        while lower > utf8.startIndex, isContinuation(utf8[lower]) { lower = utf8.index(after: lower) }
        while upper < utf8.endIndex, isContinuation(utf8[upper]) { upper = utf8.index(after: upper) }
        let window = String(decoding: utf8[lower..<upper], as: UTF8.self)
        return (lower > utf8.startIndex ? "…" : "") + window + (upper < utf8.endIndex ? "…" : "")
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
