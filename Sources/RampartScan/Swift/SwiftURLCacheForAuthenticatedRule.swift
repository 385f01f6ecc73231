import SwiftSyntax

/// RS-NET-008 in Swift: `URLSessionConfiguration.default` given an `Authorization` header
/// (`httpAdditionalHeaders`) while its URL cache stays on: no `urlCache = nil`, no
/// `requestCachePolicy = .reloadIgnoringLocalCacheData` in the same function.
final class SwiftURLCacheForAuthenticatedRule: SwiftRule {
    static let cacheOff: Set<String> = [
        "reloadIgnoringLocalCacheData", "reloadIgnoringLocalAndRemoteCacheData", "reloadIgnoringCacheData",
    ]

    static let cacheOn: Set<String> = ["returnCacheDataElseLoad", "returnCacheDataDontLoad"]

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self), isDefaultConfiguration(target.base),
            sendsAuthorization()
        {
            let name = target.declName.baseName.text
            let value = elements[2].trimmedDescription
            let turnsOn =
                name == "requestCachePolicy" && Self.cacheOn.contains { value.hasSuffix($0) }
                || name == "urlCache" && value.hasPrefix("URLCache(") && !value.contains("diskCapacity: 0")
            if turnsOn {
                context.report(
                    .urlCacheForAuthenticated, at: node,
                    "\(name) keeps responses of a URLSessionConfiguration.default in a file that sends an "
                        + "Authorization header: authenticated responses are written to disk")
                return .visitChildren
            }
        }
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self),
            target.declName.baseName.text == "httpAdditionalHeaders",
            let headers = SwiftBindings.resolve(elements[2]).as(DictionaryExprSyntax.self),
            headers.trimmedDescription.lowercased().contains("\"authorization\"")
        else { return .visitChildren }
        guard isDefaultConfiguration(target.base) else { return .visitChildren }
        let region = SwiftSyntaxQueries.enclosingFunction(Syntax(node)) ?? Syntax(node.root)
        if !turnsCacheOff(in: region) {
            context.report(
                .urlCacheForAuthenticated, at: node,
                "URLSessionConfiguration.default sends an Authorization header and keeps its URL cache: "
                    + "authenticated responses are written to disk")
        }
        return .visitChildren
    }

    private func isDefaultConfiguration(_ base: ExprSyntax?) -> Bool {
        let text = base.map { SwiftBindings.resolve($0).trimmedDescription.filter { !$0.isWhitespace } } ?? ""
        return text == "URLSessionConfiguration.default" || text == ".default"
    }

    /// The file sets an `Authorization` header somewhere (`setValue(_:forHTTPHeaderField: "Authorization")`).
    private func sendsAuthorization() -> Bool {
        context.tree.description.contains("\"Authorization\"")
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
