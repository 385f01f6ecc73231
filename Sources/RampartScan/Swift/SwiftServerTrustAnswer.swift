import SwiftSyntax

/// A server-trust challenge answered with `.useCredential` and `URLCredential(trust:)`, and whether the trust
/// was evaluated first on that path. Shared by the URLSession delegate rule (RS-NET-002) and the web view
/// rule (RS-NET-005), which differ only in the delegate method.
struct SwiftServerTrustAnswer {
    /// The `URLCredential(trust:)` call.
    var credential: FunctionCallExprSyntax
    /// The call or tuple that answers with it (`completionHandler(.useCredential, credential)`).
    var answer: Syntax
    /// The delegate method (or closure) it is in.
    var function: FunctionDeclSyntax?
    var isWebView: Bool

    /// The answer `credential` is part of, when it is `URLCredential(trust:)` answered with `.useCredential`
    /// and no evaluation of the trust comes before it on its path.
    static func unevaluated(_ credential: FunctionCallExprSyntax) -> SwiftServerTrustAnswer? {
        guard SwiftSyntaxQueries.calleeName(credential) == "URLCredential",
            credential.arguments.first?.label?.text == "trust",
            let answer = answerUsing(Syntax(credential))
        else { return nil }
        let function = SwiftSyntaxQueries.enclosingFunctionDecl(Syntax(credential))
        let region: Syntax =
            function.map(Syntax.init) ?? outermostClosure(Syntax(credential)) ?? Syntax(credential.root)
        if isEvaluated(before: answer, in: region) { return nil }
        let isWebView =
            function.map {
                $0.name.text == "webView"
                    || $0.signature.parameterClause.parameters.contains {
                        $0.type.trimmedDescription.contains("WKWebView")
                            || $0.type.trimmedDescription.contains("UIWebView")
                    }
            } ?? false
        return SwiftServerTrustAnswer(credential: credential, answer: answer, function: function, isWebView: isWebView)
    }

    /// `completionHandler(.useCredential, <credential>)`, `sender.use(<credential>, for:)`, `return (.useCredential,
    /// <credential>)`, directly or through a `let credential = …`.
    private static func answerUsing(_ value: Syntax, depth: Int = 2) -> Syntax? {
        var node = value
        // `serverTrust.map { URLCredential(trust: $0) }`: the closure's value is the map's.
        if let closure = closureReturning(node), let call = closure.parent?.as(FunctionCallExprSyntax.self),
            ["map", "flatMap"].contains(SwiftSyntaxQueries.calleeName(call) ?? "")
        {
            node = Syntax(call)
        }
        while let parent = node.parent, parent.is(LabeledExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
            node = parent
        }
        if let list = node.parent?.as(LabeledExprListSyntax.self) {
            let owner = list.parent
            let saysUseCredential = list.contains {
                SwiftSyntaxQueries.unwrapped($0.expression).as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    == "useCredential"
            }
            if let call = owner?.as(FunctionCallExprSyntax.self) {
                if saysUseCredential || SwiftSyntaxQueries.calleeName(call) == "use" { return Syntax(call) }
                return nil
            }
            if let tuple = owner?.as(TupleExprSyntax.self), saysUseCredential { return Syntax(tuple) }
            return nil
        }
        if depth > 0,
            let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let declaration = SwiftBindings.declaration(
                of: name, from: binding.lastToken(viewMode: .sourceAccurate).map(Syntax.init) ?? Syntax(binding))
        {
            for use in SwiftBindings.uses(of: declaration) {
                if let answer = answerUsing(Syntax(use), depth: depth - 1) { return answer }
            }
        }
        return nil
    }

    /// The closure whose single statement is `node`.
    private static func closureReturning(_ node: Syntax) -> ClosureExprSyntax? {
        var current = node.parent
        if current?.is(ReturnStmtSyntax.self) == true { current = current?.parent }
        guard current?.is(CodeBlockItemSyntax.self) == true,
            let list = current?.parent?.as(CodeBlockItemListSyntax.self), list.count == 1
        else { return nil }
        return list.parent?.as(ClosureExprSyntax.self)
    }

    private static func outermostClosure(_ node: Syntax) -> Syntax? {
        var found: Syntax?
        var current = node.parent
        while let node = current {
            if node.is(ClosureExprSyntax.self) { found = node }
            current = node.parent
        }
        return found
    }

    /// Whether a call that evaluates the trust, and whose result is used, runs before `answer` on every path to
    /// it: in a statement of the same block or an enclosing one (an `if`/`guard` condition, an earlier `let`).
    static func isEvaluated(before answer: Syntax, in region: Syntax) -> Bool {
        for call in SwiftNodeCollector<FunctionCallExprSyntax>.nodes(in: region) where call.position < answer.position {
            guard isEvaluation(call), !SwiftTrustResult.isDiscarded(call) else { continue }
            var item = Syntax(call).parent
            while let node = item, !node.is(CodeBlockItemSyntax.self) { item = node.parent }
            guard let statement = item, let list = statement.parent else { continue }
            if isAncestor(list, of: answer) { return true }
        }
        return false
    }

    private static func isEvaluation(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = SwiftSyntaxQueries.calleeName(call), name != "URLCredential", name != "completionHandler"
        else { return false }
        return TrustEvaluationName.isEvaluation(name, calledAs: SwiftSyntaxQueries.calleeText(call))
    }

    private static func isAncestor(_ ancestor: Syntax, of node: Syntax) -> Bool {
        var current: Syntax? = node
        while let node = current {
            if node.id == ancestor.id { return true }
            current = node.parent
        }
        return false
    }
}
