import SwiftSyntax

/// RS-CODE-001 in Swift: SQL built by interpolation, `+` or `String(format:)` with a value, passed to
/// `sqlite3_exec` / `sqlite3_prepare_v2`, FMDB `executeQuery` / `executeUpdate`, GRDB `execute(sql:)` /
/// `fetchAll(_:sql:)`, or SQLite.swift's `db.run` / `db.prepare` / `db.scalar`.
final class SwiftSQLInjectionRule: SwiftRule {
    static let sqliteCalls: Set<String> = [
        "sqlite3_exec", "sqlite3_prepare_v2", "sqlite3_prepare", "sqlite3_prepare_v3", "sqlite3_prepare16_v2",
    ]
    static let firstArgumentCalls: Set<String> = ["executeQuery", "executeUpdate", "executeStatements"]
    static let databaseMethods: Set<String> = ["run", "prepare", "scalar", "execute"]
    static let keywords = [
        "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "REPLACE", "PRAGMA", "WITH",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = SwiftSyntaxQueries.calleeName(node) else { return .visitChildren }
        var sql: ExprSyntax?
        if Self.sqliteCalls.contains(name) {
            sql = SwiftSyntaxQueries.argument(node, at: 1)
        } else if let labelled = SwiftSyntaxQueries.argument(node, "sql") {
            sql = labelled
        } else if Self.firstArgumentCalls.contains(name) {
            sql = SwiftSyntaxQueries.argument(node, nil)
        } else if Self.databaseMethods.contains(name), let base = SwiftSyntaxQueries.calleeBase(node),
            let baseName = SwiftSyntaxQueries.name(of: base),
            ScanSecretName.words(of: baseName).contains(where: {
                ["db", "database", "connection", "conn"].contains($0)
            })
        {
            sql = SwiftSyntaxQueries.argument(node, nil)
        }
        guard let sql, looksLikeSQL(sql), let value = SwiftBuiltString.insertedValue(sql) else { return .visitChildren }
        context.report(
            .sqlInjection, at: sql, "SQL for \(name) is built from \(value): bind it as a parameter (?) instead")
        return .visitChildren
    }

    /// The first literal text of the statement starts with an SQL keyword.
    private func looksLikeSQL(_ expr: ExprSyntax) -> Bool {
        let resolved = SwiftBindings.resolve(expr)
        guard let literal = resolved.as(StringLiteralExprSyntax.self) ?? firstLiteral(in: resolved) else {
            return false
        }
        let text = SwiftSyntaxQueries.leadingText(literal).trimmingPrefix { $0.isWhitespace }.uppercased()
        return Self.keywords.contains { text.hasPrefix($0) }
    }

    private func firstLiteral(in expr: ExprSyntax) -> StringLiteralExprSyntax? {
        if let sequence = expr.as(SequenceExprSyntax.self), let first = sequence.elements.first {
            let resolved = SwiftBindings.resolve(first)
            return resolved.as(StringLiteralExprSyntax.self) ?? firstLiteral(in: resolved)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), SwiftSyntaxQueries.calleeName(call) == "String" {
            return call.arguments.first?.expression.as(StringLiteralExprSyntax.self)
        }
        return nil
    }
}
