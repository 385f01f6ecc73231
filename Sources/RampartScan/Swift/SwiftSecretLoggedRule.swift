import SwiftSyntax

/// RS-STORAGE-006 in Swift: a secret written to the log by `print`, `debugPrint`, `dump`, `NSLog`, `os_log` or a
/// `Logger` / logger method — unless it is interpolated with `privacy: .private` / `.sensitive` (or an `os_log`
/// format marks it `%{private}`).
final class SwiftSecretLoggedRule: SwiftRule {
    static let freeFunctions: Set<String> = ["print", "debugPrint", "dump", "NSLog", "os_log", "NSLogv"]
    static let loggerMethods: Set<String> = [
        "debug", "info", "notice", "error", "fault", "warning", "trace", "critical", "log", "verbose", "warn",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = SwiftSyntaxQueries.calleeName(node) else { return .visitChildren }
        let base = SwiftSyntaxQueries.calleeBase(node)
        let isLog: Bool
        if let base {
            // The name first: the base's text is costly for every call of a long chain.
            guard Self.loggerMethods.contains(name) else { return .visitChildren }
            let baseWords = ScanSecretName.words(of: SwiftSyntaxQueries.name(of: base) ?? base.trimmedDescription)
            isLog = Self.loggerMethods.contains(name) && baseWords.contains { $0.hasPrefix("log") }
        } else {
            isLog = Self.freeFunctions.contains(name)
        }
        guard isLog else { return .visitChildren }
        if node.arguments.contains(where: { isPrivateFormat($0.expression) }) { return .visitChildren }
        for argument in node.arguments {
            if let literal = argument.expression.as(StringLiteralExprSyntax.self) {
                for expressions in SwiftSyntaxQueries.interpolations(literal) {
                    let isPrivate = expressions.contains {
                        $0.label?.text == "privacy" && !$0.expression.trimmedDescription.hasPrefix(".public")
                    }
                    if isPrivate { continue }
                    if let first = expressions.first, let secret = SwiftSyntaxQueries.secretName(in: first) {
                        return report(node, name: name, secret: secret)
                    }
                }
            } else if argument.label == nil || name == "dump",
                let secret = SwiftSyntaxQueries.secretName(in: argument.expression)
            {
                return report(node, name: name, secret: secret)
            }
        }
        return .visitChildren
    }

    /// An `os_log` format that marks its arguments private.
    private func isPrivateFormat(_ expr: ExprSyntax) -> Bool {
        guard let literal = expr.as(StringLiteralExprSyntax.self), let text = SwiftSyntaxQueries.staticText(literal)
        else { return false }
        return text.contains("{private}") || text.contains("{sensitive}")
    }

    private func report(_ node: FunctionCallExprSyntax, name: String, secret: String) -> SyntaxVisitorContinueKind {
        context.report(
            .secretLogged, at: node, "\(secret) is written to the log by \(name): log systems keep it and share it")
        return .skipChildren
    }
}
