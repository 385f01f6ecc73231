import RampartPolicy
import SwiftSyntax

/// What every Swift rule shares while one file is analysed: its path, the converter from syntax positions
/// to lines and columns, and the findings reported so far (one per rule and position).
final class SwiftFileContext {
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    private(set) var findings: [ScanFinding] = []
    /// Findings not kept because ``SwiftLimits/maximumFindings`` were already.
    private(set) var dropped = 0
    private var reported: Set<String> = []

    init(path: String, tree: SourceFileSyntax) {
        self.path = path
        self.tree = tree
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// Reports `rule` at the first token of `node` (after its leading comments and white space). Code that only
    /// a `#if DEBUG` build compiles is reported one severity lower, and says so.
    func report(
        _ rule: ScanRule, at node: some SyntaxProtocol, _ message: String, severity: FindingSeverity? = nil
    ) {
        let location = node.startLocation(converter: converter)
        guard reported.insert("\(rule.id):\(location.line):\(location.column)").inserted else { return }
        guard findings.count < SwiftLimits.maximumFindings else {
            dropped += 1
            return
        }
        var severity = severity ?? rule.severity
        var message = message
        if SwiftSyntaxQueries.isInDebugOnlyCode(Syntax(node)) {
            severity = FindingSeverity.allCases.last { $0 < severity } ?? severity
            message += " (in #if DEBUG code)"
        }
        findings.append(
            ScanFinding(
                rule: rule, path: path, line: location.line, column: location.column, message: message,
                severity: severity))
    }
}
