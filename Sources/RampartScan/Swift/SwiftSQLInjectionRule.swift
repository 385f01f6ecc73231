import SwiftSyntax

/// RS-CODE-001 in Swift: an SQL statement (a literal that starts with an SQL keyword and has the shape of a
/// statement) built with a value — interpolated, joined with `+`, or formatted by `String(format:)` — wherever it
/// goes: straight into `sqlite3_exec` / `sqlite3_prepare_v2`, FMDB `executeQuery`, GRDB `execute(sql:)`, or into
/// the app's own query helper. Reported at the statement; values that are constants of the function, or that went
/// through a quoting function, do not count.
final class SwiftSQLInjectionRule: SwiftRule {
    static let keywords = [
        "SELECT ", "INSERT ", "UPDATE ", "DELETE ", "REPLACE ", "CREATE ", "DROP ", "ALTER ", "PRAGMA ",
    ]
    /// Words a statement of that keyword has; a log line that starts with "Update" has none of them.
    static let shapes = [" FROM ", " INTO ", " SET ", " TABLE ", " WHERE ", " VALUES", " INDEX ", "PRAGMA "]

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard isStatement(SwiftSyntaxQueries.leadingText(node)), !isOperandOfConcatenation(Syntax(node)),
            let value = SwiftBuiltString.insertedValue(ExprSyntax(node))
        else { return .visitChildren }
        report(node, value: value)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" }),
            let first = node.elements.first?.as(StringLiteralExprSyntax.self),
            isStatement(SwiftSyntaxQueries.leadingText(first) + " "),
            let value = SwiftBuiltString.insertedValue(ExprSyntax(node))
        else { return .visitChildren }
        report(node, value: value)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard SwiftSyntaxQueries.calleeName(node) == "String", node.arguments.first?.label?.text == "format",
            let format = node.arguments.first?.expression.as(StringLiteralExprSyntax.self),
            isStatement(SwiftSyntaxQueries.leadingText(format)),
            let value = SwiftBuiltString.insertedValue(ExprSyntax(node))
        else { return .visitChildren }
        report(node, value: value)
        return .skipChildren
    }

    private func report(_ node: some SyntaxProtocol, value: String) {
        context.report(
            .sqlInjection, at: node,
            "SQL built from \(value): bind it as a parameter (?) with sqlite3_bind_*, FMDB or GRDB arguments")
    }

    private func isStatement(_ text: String) -> Bool {
        let upper = text.trimmingPrefix { $0.isWhitespace }.uppercased()
        guard Self.keywords.contains(where: { upper.hasPrefix($0) }) else { return false }
        return Self.shapes.contains { upper.contains($0) } || upper.hasPrefix("DELETE ") || upper.hasPrefix("UPDATE ")
    }

    /// A literal inside `"…" + value + "…"`: the concatenation is the statement.
    private func isOperandOfConcatenation(_ node: Syntax) -> Bool {
        guard let sequence = node.parent?.parent?.as(SequenceExprSyntax.self) else { return false }
        return sequence.elements.contains { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" }
    }
}
