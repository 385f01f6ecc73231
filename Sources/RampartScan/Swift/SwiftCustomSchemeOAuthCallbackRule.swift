import Foundation
import SwiftSyntax

/// RS-PLATFORM-003 in Swift: an OAuth redirect (a literal given to a name or label saying `redirect` or
/// `callback`, or a `redirect_uri=` query value) that uses a custom URL scheme.
final class SwiftCustomSchemeOAuthCallbackRule: SwiftRule {
    static let standardSchemes: Set<String> = [
        "http", "https", "file", "mailto", "tel", "sms", "data", "about", "ftp", "ws", "wss", "itms-apps",
        "itms-services", "app-settings", "facetime", "maps", "urn", "blob",
    ]

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard let text = SwiftSyntaxQueries.staticText(node) else { return .visitChildren }
        if let range = text.range(of: "redirect_uri=") {
            let value = text[range.upperBound...].prefix { $0 != "&" }
            let decoded = value.removingPercentEncoding ?? String(value)
            if let scheme = Self.customScheme(decoded) {
                report(node, scheme: scheme, uri: decoded, via: "redirect_uri")
            }
            return .visitChildren
        }
        guard let scheme = Self.customScheme(text),
            let name = urlDestination(of: node) ?? SwiftSyntaxQueries.destinationName(of: Syntax(node)),
            name != "callbackURLScheme"
        else { return .visitChildren }
        let words = ScanSecretName.words(of: name)
        guard words.contains("redirect") || words.contains("callback") else { return .visitChildren }
        report(node, scheme: scheme, uri: text, via: name)
        return .visitChildren
    }

    /// `URL(string: "myapp://cb")` given to a name: the name it is given.
    private func urlDestination(of node: StringLiteralExprSyntax) -> String? {
        var current = Syntax(node)
        for _ in 0..<4 {
            guard let parent = current.parent else { return nil }
            if let call = parent.as(FunctionCallExprSyntax.self) {
                guard ["URL", "NSURL"].contains(SwiftSyntaxQueries.calleeName(call) ?? "") else { return nil }
                return SwiftSyntaxQueries.destinationName(of: Syntax(call))
                    ?? (call.parent?.is(ForceUnwrapExprSyntax.self) == true
                        ? SwiftSyntaxQueries.destinationName(of: call.parent ?? Syntax(call)) : nil)
            }
            current = parent
        }
        return nil
    }

    private func report(_ node: StringLiteralExprSyntax, scheme: String, uri: String, via name: String) {
        context.report(
            .customSchemeOAuthCallback, at: node,
            "OAuth redirect \(uri) (\(name)) uses the custom scheme \(scheme)://, which another app can claim")
    }

    /// The scheme of `text` when it is a URL whose scheme is not a standard one (`com.example.app:/cb`).
    static func customScheme(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix(":/") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }),
            !standardSchemes.contains(scheme.lowercased())
        else { return nil }
        return String(scheme)
    }
}
