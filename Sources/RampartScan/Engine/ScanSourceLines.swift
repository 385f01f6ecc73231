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
        return finding
    }

    /// `line` whole when it is short; otherwise the part around `column` (a UTF-8 column, from 1) between `…`.
    static func clipped(_ line: Substring, column: Int) -> String {
        guard line.count > maximumLineLength else { return String(line) }
        let offset = max(0, min(column - 1, line.utf8.count))
        let utf8Index = line.utf8.index(line.utf8.startIndex, offsetBy: offset)
        let characterIndex = line[..<utf8Index].count
        let length = line.count
        let start = max(0, characterIndex - maximumLineLength / 4)
        let end = min(length, start + maximumLineLength)
        let lower = line.index(line.startIndex, offsetBy: start)
        let upper = line.index(lower, offsetBy: end - start)
        return (start > 0 ? "…" : "") + line[lower..<upper] + (end < length ? "…" : "")
    }
}
