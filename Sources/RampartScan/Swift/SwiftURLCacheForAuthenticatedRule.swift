import SwiftSyntax

/// RS-NET-008 in Swift: `URLSessionConfiguration.default` given an `Authorization` header
/// (`httpAdditionalHeaders`) while its URL cache stays on: no `urlCache = nil`, no
/// `requestCachePolicy = .reloadIgnoringLocalCacheData` in the same function.
final class SwiftURLCacheForAuthenticatedRule: SwiftRule {
    static let cacheOff: Set<String> = [
        "reloadIgnoringLocalCacheData", "reloadIgnoringLocalAndRemoteCacheData", "reloadIgnoringCacheData",
    ]

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self),
            target.declName.baseName.text == "httpAdditionalHeaders",
            let headers = SwiftBindings.resolve(elements[2]).as(DictionaryExprSyntax.self),
            headers.trimmedDescription.lowercased().contains("\"authorization\"")
        else { return .visitChildren }
        let base = target.base.map { SwiftBindings.resolve($0) }
        let baseText = base?.trimmedDescription.filter { !$0.isWhitespace } ?? ""
        guard baseText == "URLSessionConfiguration.default" || baseText == ".default" else { return .visitChildren }
        let region = SwiftSyntaxQueries.enclosingFunction(Syntax(node)) ?? Syntax(node.root)
        if !turnsCacheOff(in: region) {
            context.report(
                .urlCacheForAuthenticated, at: node,
                "URLSessionConfiguration.default sends an Authorization header and keeps its URL cache: "
                    + "authenticated responses are written to disk")
        }
        return .visitChildren
    }

    private func turnsCacheOff(in region: Syntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                    let name = elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text
                else { return .visitChildren }
                let value = elements[2].trimmedDescription
                if name == "urlCache" && value == "nil" { found = true }
                if name == "requestCachePolicy",
                    SwiftURLCacheForAuthenticatedRule.cacheOff.contains(where: { value.hasSuffix($0) })
                {
                    found = true
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(region)
        return finder.found
    }
}
