import SwiftSyntax

/// Whether the verdict of a `SecTrustEvaluateWithError` / `SecTrustEvaluate` call is thrown away: the call is a
/// statement of its own, is assigned to `_`, or is bound to a name nothing reads — and, for
/// `SecTrustEvaluateWithError`, the error it fills is not read either; for `SecTrustEvaluate`, the result
/// it fills is not read.
enum SwiftTrustResult {
    static let evaluations: Set<String> = ["SecTrustEvaluateWithError", "SecTrustEvaluate"]

    static func isDiscarded(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = SwiftSyntaxQueries.calleeName(call), evaluations.contains(name) else { return false }
        if name == "SecTrustEvaluate" {
            // The verdict is the SecTrustResultType it writes through its second argument.
            guard let out = SwiftSyntaxQueries.argument(call, at: 1)?.as(InOutExprSyntax.self),
                let variable = out.expression.as(DeclReferenceExprSyntax.self)
            else { return false }
            return !isRead(variable.baseName.text, after: call)
        }
        if !isValueDiscarded(call) { return false }
        if let out = SwiftSyntaxQueries.argument(call, at: 1)?.as(InOutExprSyntax.self),
            let variable = out.expression.as(DeclReferenceExprSyntax.self)
        {
            return !isRead(variable.baseName.text, after: call)
        }
        return true
    }

    /// The call's return value is not used.
    private static func isValueDiscarded(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            node = parent
        }
        guard let parent = node.parent else { return false }
        if parent.is(CodeBlockItemSyntax.self) { return true }
        if let sequence = parent.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self)
                && elements[1].is(AssignmentExprSyntax.self)
        }
        if let binding = parent.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            if binding.pattern.is(WildcardPatternSyntax.self) { return true }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return false }
            return !isRead(name, after: call)
        }
        return false
    }

    /// Whether `name` is read after `call` in the function around it (other than passed `&name` again).
    private static func isRead(_ name: String, after call: FunctionCallExprSyntax) -> Bool {
        let region = SwiftSyntaxQueries.enclosingFunctionDecl(Syntax(call)).map(Syntax.init) ?? Syntax(call.root)
        return SwiftSyntaxQueries.names(in: region).contains {
            $0.baseName.text == name && $0.position > call.endPosition && $0.parent?.is(InOutExprSyntax.self) != true
        }
    }
}
