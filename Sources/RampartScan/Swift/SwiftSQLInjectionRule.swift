import SwiftSyntax

/// RS-CODE-001 in Swift: an SQL statement (a literal that starts with an SQL keyword and has the shape of a
/// statement) built with a value — interpolated, joined with `+`, or formatted by `String(format:)` — that
/// reaches code that runs it (``SwiftSQLSink``: `sqlite3_exec` / `sqlite3_prepare_v2`, FMDB `executeQuery`,
/// GRDB `execute(sql:)`, SQLite.swift `run`, the app's own query helper), directly or through a local. Reported
/// at the statement, naming the piece. Pieces fixed by the code (numbers, `?` placeholder lists, table and column
/// names, enum values, constants: ``SwiftSQLFixedPiece``) and values that went through a quoting function do not
/// count; a log line that starts with "Update" reaches no sink.
final class SwiftSQLInjectionRule: SwiftRule {
    static let keywords = [
        "SELECT ", "INSERT ", "UPDATE ", "DELETE ", "REPLACE ", "CREATE ", "DROP ", "ALTER ", "PRAGMA ",
    ]
    /// Words a statement of that keyword has; a log line that starts with "Update" has none of them.
    static let shapes = [" FROM ", " INTO ", " SET ", " TABLE ", " WHERE ", " VALUES", " INDEX ", "PRAGMA "]

    private lazy var sink = SwiftSQLSink(root: Syntax(context.tree))

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard isStatement(SwiftSyntaxQueries.leadingText(node)), !isOperandOfConcatenation(Syntax(node)),
            let value = insertedValue(ExprSyntax(node)), let sinkName = sink.sinkName(reachedBy: ExprSyntax(node))
        else { return .visitChildren }
        report(node, value: value, sink: sinkName)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" }),
            let first = node.elements.first?.as(StringLiteralExprSyntax.self),
            isStatement(SwiftSyntaxQueries.leadingText(first) + " "),
            let value = insertedValue(ExprSyntax(node)), let sinkName = sink.sinkName(reachedBy: ExprSyntax(node))
        else { return .visitChildren }
        report(node, value: value, sink: sinkName)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard SwiftSyntaxQueries.calleeName(node) == "String", node.arguments.first?.label?.text == "format",
            let format = node.arguments.first?.expression.as(StringLiteralExprSyntax.self),
            isStatement(SwiftSyntaxQueries.leadingText(format)),
            let value = insertedValue(ExprSyntax(node)), let sinkName = sink.sinkName(reachedBy: ExprSyntax(node))
        else { return .visitChildren }
        report(node, value: value, sink: sinkName)
        return .skipChildren
    }

    private func insertedValue(_ expr: ExprSyntax) -> String? {
        SwiftBuiltString.insertedValue(expr, isFixed: { SwiftSQLFixedPiece.isFixed($0) })
    }

    private func report(_ node: some SyntaxProtocol, value: String, sink: String) {
        context.report(
            .sqlInjection, at: node,
            "SQL built from `\(value)` reaches \(sink): put a ? placeholder there and bind the value "
                + "(sqlite3_bind_*, FMDB values:, GRDB arguments:)")
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
