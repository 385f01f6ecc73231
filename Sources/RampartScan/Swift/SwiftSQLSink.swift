import SwiftSyntax

/// Where Swift hands a string to code that runs it as SQL, and whether a built string gets there: passed
/// directly, or through the local constant or variable it initialises or is assigned to (read later in the same
/// function). Sinks: `sqlite3_exec` / `sqlite3_prepare*` (the SQL argument), FMDB `executeQuery(_:…)` /
/// `executeUpdate(_:…)` / `executeStatements(_:)`, GRDB's `sql:` argument (`execute(sql:)`, `fetchAll(_:sql:)`,
/// `SQLRequest(sql:)`), SQLite.swift's `run` / `prepare` / `scalar` / `execute` on a receiver, the app's own
/// query helper (an argument labelled `query:`, a function named for SQL or queries, or a function of this file
/// whose parameter reaches one of the former). `NSPredicate(format:)` is Core Data's, not SQL, and a log
/// line is not a sink: a string that reaches none of these is not reported.
///
/// ```swift
/// let sink = SwiftSQLSink(root: tree)
/// sink.sinkName(reachedBy: literal)  // "sqlite3_exec", or nil
/// ```
final class SwiftSQLSink {
    static let sqliteFunctions: Set<String> = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "sqlite3_prepare16",
        "sqlite3_prepare16_v2", "sqlite3_prepare16_v3",
    ]
    static let fmdbMethods: Set<String> = ["executeQuery", "executeUpdate", "executeStatements"]
    static let connectionMethods: Set<String> = ["run", "prepare", "scalar", "execute"]
    static let sqlLabels: Set<String> = ["sql", "query"]

    private let root: Syntax
    private lazy var functions: [String: [FunctionDeclSyntax]] = Dictionary(
        grouping: SwiftNodeCollector<FunctionDeclSyntax>.nodes(in: root), by: { $0.name.text })

    init(root: Syntax) { self.root = root }

    /// The sink `expr` (a built string) reaches, named as called (`executeUpdate`), or nil.
    func sinkName(reachedBy expr: ExprSyntax) -> String? {
        if let name = sinkName(at: Syntax(expr), helpers: true) { return name }
        guard let name = boundName(of: Syntax(expr)),
            let declaration = SwiftBindings.declaration(of: name, from: Syntax(expr))
        else { return nil }
        for use in SwiftBindings.uses(of: declaration) {
            if let sink = sinkName(at: Syntax(use), helpers: true) { return sink }
        }
        return nil
    }

    /// The name `node` is stored in: `let name = node`, `var name = node`, `name = node`.
    private func boundName(of node: Syntax) -> String? {
        guard let parent = node.parent else { return nil }
        if let binding = parent.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id {
                return elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text
            }
        }
        return nil
    }

    /// The sink that takes `node` as its SQL argument, through what does not change the text (`try`, `!`,
    /// `as NSString`, `.utf8String`, `.cString(using:)`).
    private func sinkName(at node: Syntax, helpers: Bool) -> String? {
        var node = node
        for _ in 0..<8 {
            guard let parent = node.parent else { return nil }
            if let argument = parent.as(LabeledExprSyntax.self) {
                if let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
                    let index =
                        call.arguments.firstIndex { $0.id == argument.id }
                        .map { call.arguments.distance(from: call.arguments.startIndex, to: $0) } ?? 0
                    return sinkName(of: call, argument: argument, index: index, helpers: helpers)
                }
                guard let tuple = argument.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1
                else { return nil }
                node = Syntax(tuple)
            } else if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[0].id == node.id, elements[1].is(UnresolvedAsExprSyntax.self)
                else { return nil }
                node = Syntax(sequence)
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
                node = parent
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                node = parent
            } else if parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
            {
                node = parent
            } else {
                return nil
            }
        }
        return nil
    }

    private func sinkName(
        of call: FunctionCallExprSyntax, argument: LabeledExprSyntax, index: Int, helpers: Bool
    ) -> String? {
        guard let name = SwiftSyntaxQueries.calleeName(call) else { return nil }
        let label = argument.label?.text
        if let label, Self.sqlLabels.contains(label) { return name }
        if Self.sqliteFunctions.contains(name) { return index == 1 ? name : nil }
        if Self.fmdbMethods.contains(name) { return index == 0 ? name : nil }
        guard index == 0, label == nil else { return nil }
        let isMethod = SwiftSyntaxQueries.calleeBase(call) != nil
        if isMethod && Self.connectionMethods.contains(name) { return name }
        let lowered = name.lowercased()
        if lowered.contains("sql") || lowered.contains("query") { return name }
        guard helpers else { return nil }
        // The app's own helper in this file: `strings(query)` where `func strings(_ sql: String)` prepares it.
        for function in functions[name] ?? [] {
            guard let parameter = function.signature.parameterClause.parameters.first,
                parameter.firstName.tokenKind == .wildcard, let body = function.body
            else { continue }
            let parameterName = (parameter.secondName ?? parameter.firstName).text
            for reference in SwiftSyntaxQueries.names(in: body) where reference.baseName.text == parameterName {
                if sinkName(at: Syntax(reference), helpers: false) != nil { return name }
            }
        }
        return nil
    }
}
