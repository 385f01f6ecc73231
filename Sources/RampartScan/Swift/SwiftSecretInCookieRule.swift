import SwiftSyntax

/// RS-STORAGE-005 in Swift: `HTTPCookie(properties:)` for a session or token cookie (its name or value says so)
/// without `.secure`, or persisted with `.expires` / `.maximumAge`.
final class SwiftSecretInCookieRule: SwiftRule {
    /// Cookie names that carry a session.
    static let sessionNames: Set<String> = [
        "session", "sessionid", "sid", "jsessionid", "phpsessid", "auth", "connect.sid",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard SwiftSyntaxQueries.calleeName(node) == "HTTPCookie",
            let properties = SwiftSyntaxQueries.argument(node, "properties"),
            let dictionary = SwiftBindings.resolve(properties).as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content
        else { return .visitChildren }
        var values: [String: ExprSyntax] = [:]
        for element in elements {
            guard let key = SwiftSyntaxQueries.name(of: element.key) else { continue }
            values[key] = element.value
        }
        let cookieName = values["name"].flatMap { SwiftBindings.resolve($0).as(StringLiteralExprSyntax.self) }
            .flatMap(SwiftSyntaxQueries.staticText)
        var secret: String?
        if let cookieName, ScanSecretName.isSecret(cookieName) || Self.sessionNames.contains(cookieName.lowercased()) {
            secret = "the cookie \"\(cookieName)\""
        } else if let value = values["value"], let name = SwiftSecretValue.secret(in: value) {
            secret = name
        }
        guard let secret else { return .visitChildren }
        var problems: [String] = []
        let secure = values["secure"]?.trimmedDescription.lowercased()
        if secure == nil || secure == "\"false\"" || secure == "false" { problems.append("is not Secure") }
        if let persisted = ["expires", "maximumAge"].first(where: { values[$0] != nil }) {
            problems.append("is persisted (.\(persisted))")
        }
        guard !problems.isEmpty else { return .visitChildren }
        context.report(
            .secretInCookie, at: node, "\(secret) \(problems.joined(separator: " and ")) in HTTPCookie(properties:)")
        return .visitChildren
    }
}
