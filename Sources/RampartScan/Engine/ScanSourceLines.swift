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

    /// `finding` with its source line (when its analyzer gave none) and its excerpt.
    func completing(_ finding: ScanFinding) -> ScanFinding {
        guard finding.line >= 1, finding.line <= lines.count else { return finding }
        var finding = finding
        let index = finding.line - 1
        if finding.snippet == nil {
            finding.snippet = Self.clipped(lines[index], column: finding.column)
        } else if let snippet = finding.snippet, snippet.utf8.count > Self.maximumLineLength * 4 {
            finding.snippet = Self.clipped(Substring(snippet), column: finding.column)
        }
        if finding.excerpt == nil {
            let first = max(0, index - Self.excerptRadius)
            let last = min(lines.count - 1, index + Self.excerptRadius)
            finding.excerpt = ScanExcerpt(
                firstLine: first + 1,
                lines: (first...last).map {
                    Self.clipped(lines[$0], column: $0 == index ? finding.column : 1)
                })
        }
        return ScanSecretMasking.masking(finding)
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
