import RampartPolicy
import SwiftSyntax

/// RS-NET-001 in Swift: an `http://` string literal (or the literal text before an interpolation) that flows
/// into a request, or names an endpoint. XML namespaces and DTDs are names, not requests; loopback is reported
/// as info.
final class SwiftCleartextHTTPURLRule: SwiftRule {
    /// Hosts whose `http://` URLs are identifiers (XML namespaces, schemas, DTDs), never fetched.
    static let namespaceHosts: Set<String> = [
        "www.w3.org", "w3.org", "www.apple.com", "apple.com", "purl.org", "ns.adobe.com", "json-schema.org",
        "xmlns.com", "schemas.xmlsoap.org", "schemas.microsoft.com", "schemas.android.com", "www.opengis.net",
        "docs.oasis-open.org", "relaxng.org", "xml.org", "www.xml.org", "ogp.me", "schema.org", "www.idpf.org",
        "search.yahoo.com",
    ]
    static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "10.0.2.2"]

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let text = SwiftSyntaxQueries.leadingText(node)
        guard text.lowercased().hasPrefix("http://") else { return .visitChildren }
        let rest = text.dropFirst("http://".count)
        let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }.lowercased()
        let isNamespace =
            Self.namespaceHosts.contains(host) && !(host.hasSuffix("apple.com") && !rest.contains("/DTDs/"))
            || host.hasPrefix("schemas.") || host.hasPrefix("xmlns.")
        guard !isNamespace, let destination = SwiftRequestFlow.destination(of: Syntax(node)) else {
            return .visitChildren
        }
        let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
        let hostShown = host.isEmpty ? shown + "…" : shown
        if Self.loopbackHosts.contains(host) || host.hasSuffix(".local") {
            context.report(
                .cleartextHTTPURL, at: node, "\(hostShown) (loopback) flows into \(destination)", severity: .info)
        } else {
            context.report(
                .cleartextHTTPURL, at: node,
                "cleartext \(hostShown) flows into \(destination): use https://")
        }
        return .visitChildren
    }
}
