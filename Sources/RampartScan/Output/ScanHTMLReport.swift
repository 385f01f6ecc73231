import RampartPolicy
import RampartValidation

/// A scan report as one self-contained HTML page an auditor hands to a team: a summary by severity and by MASVS
/// control, then each finding with its code excerpt, what is wrong and the fix; then the files not scanned.
///
/// The page has its CSS inline and nothing else: no script, no font, no image, and a Content-Security-Policy
/// that forbids loading anything. Every text from the scanned files (paths, code, messages) is HTML-escaped.
///
/// ```swift
/// let html = ScanHTMLReport.render(report, toolVersion: "0.1.0")
/// try Data(html.utf8).write(to: URL(fileURLWithPath: "scan.html"))
/// ```
public enum ScanHTMLReport {
    public static func render(_ report: ScanReport, toolVersion: String, rules: [ScanRule] = ScanRule.catalog)
        -> String
    {
        let byID = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let severities = FindingSeverity.allCases.reversed()
        let bySeverity = report.findingsBySeverity
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>rampart scan: \(report.findings.count) finding(s)</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>rampart scan</h1>
            <p class="meta">\(escape(report.root)) · rampart \(escape(toolVersion)) · \(report.counts.files) file(s), \
            \(report.counts.lines) line(s) scanned</p>

            """
        html += "<h2>Summary by severity</h2>\n<table class=\"summary\" id=\"by-severity\">\n"
        html += "<tr><th>severity</th><th>findings</th></tr>\n"
        for severity in severities {
            html += "<tr class=\"\(severity.rawValue)\"><td>\(severity.rawValue)</td>"
            html += "<td>\(bySeverity[severity, default: 0])</td></tr>\n"
        }
        html += "<tr><td>total</td><td>\(report.findings.count)</td></tr>\n</table>\n"
        let others = otherCounts(report.counts)
        if !others.isEmpty { html += "<p class=\"meta\">\(escape(others))</p>\n" }

        html += "<h2>Summary by MASVS control</h2>\n<table class=\"summary\" id=\"by-masvs\">\n"
        html += "<tr><th>control</th>" + severities.map { "<th>\($0.rawValue)</th>" }.joined() + "</tr>\n"
        var byControl: [String: [FindingSeverity: Int]] = [:]
        for finding in report.findings {
            let control = byID[finding.ruleID]?.masvs ?? "unclassified"
            byControl[control, default: [:]][finding.severity, default: 0] += 1
        }
        for control in byControl.keys.sorted() {
            html += "<tr><td>\(escape(control))</td>"
            html += severities.map { "<td>\(byControl[control]?[$0] ?? 0)</td>" }.joined() + "</tr>\n"
        }
        if byControl.isEmpty { html += "<tr><td colspan=\"5\">no findings</td></tr>\n" }
        html += "</table>\n"

        html += "<h2>Findings</h2>\n"
        if report.findings.isEmpty { html += "<p>No findings.</p>\n" }
        for (index, finding) in report.findings.enumerated() {
            let rule = byID[finding.ruleID]
            let location = finding.line > 0 ? "\(finding.path):\(finding.line):\(finding.column)" : finding.path
            html += "<article class=\"finding \(finding.severity.rawValue)\" id=\"finding-\(index + 1)\">\n"
            html += "<h3><span class=\"severity\">\(finding.severity.rawValue)</span> "
            html += "<span class=\"rule\">\(escape(finding.ruleID))</span> \(escape(rule?.title ?? ""))</h3>\n"
            html += "<p class=\"location\">\(escape(location))</p>\n"
            html += "<p class=\"message\">\(escape(finding.message))</p>\n"
            html += excerpt(finding)
            if let rule {
                html += "<p class=\"fix\"><strong>Fix:</strong> \(escape(rule.fix))</p>\n"
                html += "<p class=\"meta\">\(escape(rule.masvs)) · CWE-\(rule.cwe) · \(escape(rule.practice))</p>\n"
            }
            html += "</article>\n"
        }
        if !report.problems.isEmpty {
            html += "<h2>Not scanned or not understood</h2>\n<ul class=\"problems\">\n"
            for problem in report.problems {
                html += "<li><code>\(escape(problem.path))</code>: \(escape(problem.message))</li>\n"
            }
            html += "</ul>\n"
        }
        if !report.staleBaselineEntries.isEmpty {
            html += "<h2>Baseline entries that match no finding any more</h2>\n<ul>\n"
            for entry in report.staleBaselineEntries {
                html += "<li><code>\(escape(entry.path))</code> (line \(entry.line) when written): "
                html += "\(escape(entry.ruleID))</li>\n"
            }
            html += "</ul>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    static func excerpt(_ finding: ScanFinding) -> String {
        let lines: [(Int, String)]
        if let excerpt = finding.excerpt, !excerpt.lines.isEmpty {
            lines = excerpt.lines.enumerated().map { (excerpt.firstLine + $0, $1) }
        } else if let snippet = finding.snippet, finding.line > 0 {
            lines = [(finding.line, snippet)]
        } else {
            return ""
        }
        var html = "<pre class=\"excerpt\">"
        for (number, line) in lines {
            let mark = number == finding.line ? " class=\"hit\"" : ""
            html += "<span\(mark)><span class=\"number\">\(number)</span>\(escape(line))</span>\n"
        }
        return html + "</pre>\n"
    }

    static func otherCounts(_ counts: ScanReportCounts) -> String {
        var parts: [String] = []
        if counts.testFilesSkipped > 0 { parts.append("\(counts.testFilesSkipped) test file(s) left out") }
        if counts.suppressed > 0 { parts.append("\(counts.suppressed) finding(s) suppressed in the code") }
        if counts.hiddenByBaseline > 0 { parts.append("\(counts.hiddenByBaseline) finding(s) in the baseline") }
        return parts.joined(separator: "; ")
    }

    /// `text` safe in HTML text and attribute values (RampartValidation's `HTMLEscaping`), with what the CLI
    /// escapes on a terminal shown as `\u{…}` rather than handed to the browser: control characters other than
    /// tab, the line and paragraph separators, and the bidirectional overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069), which would make a path or a line of code read otherwise than it is (Trojan Source).
    static func escape(_ text: String) -> String {
        var visible = ""
        visible.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar != "\t" && isHidden(scalar) {
                visible += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                visible.unicodeScalars.append(scalar)
            }
        }
        return HTMLEscaping.text(visible)
    }

    /// Whether a browser would act on `scalar` rather than show it.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static let style = """
        body{font:15px/1.45 -apple-system,system-ui,sans-serif;margin:2em auto;max-width:60em;padding:0 1em;color:#222}\
        h1{margin-bottom:0}.meta{color:#666;font-size:13px}table.summary{border-collapse:collapse;margin:.5em 0}\
        table.summary td,table.summary th{border:1px solid #ccc;padding:.2em .8em;text-align:left}\
        article.finding{border-left:5px solid #999;margin:1.2em 0;padding:.2em 1em;background:#fafafa}\
        article.high{border-color:#c0392b}article.medium{border-color:#e67e22}article.low{border-color:#2980b9}\
        .severity{text-transform:uppercase;font-size:12px;padding:.1em .4em;border-radius:3px;background:#eee}\
        .high .severity{background:#c0392b;color:#fff}.medium .severity{background:#e67e22;color:#fff}\
        .rule{font-family:ui-monospace,monospace}.location{font-family:ui-monospace,monospace;color:#444}\
        pre.excerpt{background:#fff;border:1px solid #ddd;padding:.5em;overflow-x:auto}\
        pre .number{display:inline-block;width:4em;color:#999;user-select:none}pre .hit{background:#fff3c4}\
        .fix{background:#eef7ee;padding:.4em .6em}
        """
}
