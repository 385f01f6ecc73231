import SwiftSyntax

/// RS-NET-007 in Swift: a pin set with one pin — Alamofire's `PinnedCertificatesTrustEvaluator(certificates:)`
/// / `PublicKeysTrustEvaluator(keys:)` (and Alamofire 4's `.pinCertificates` / `.pinPublicKeys`), Rampart's
/// `PinnedHost(…, pins:)`, or a TrustKit configuration in code whose `kTSKPublicKeyHashes` lists one hash.
final class SwiftPinningWithoutBackupRule: SwiftRule {
    /// The call and the argument label that holds its pins.
    static let pinArguments: [String: String] = [
        "PinnedCertificatesTrustEvaluator": "certificates", "PublicKeysTrustEvaluator": "keys",
        "pinCertificates": "certificates", "pinPublicKeys": "publicKeys", "PinnedHost": "pins",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = SwiftSyntaxQueries.calleeName(node), let label = Self.pinArguments[name],
            let pins = SwiftSyntaxQueries.argument(node, label),
            let array = SwiftBindings.resolve(pins).as(ArrayExprSyntax.self), array.elements.count == 1
        {
            context.report(
                .pinningWithoutBackup, at: node,
                "\(name) pins one \(label == "certificates" ? "certificate" : "key") and no backup: a key rotation "
                    + "locks every user out")
        }
        return .visitChildren
    }

    /// `let pinnedKeyHashes: Set<String> = ["r/mIkG3e…="]`: a pin set of one SPKI hash, kept by the app's own
    /// delegate.
    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            ScanSecretName.words(of: name).contains(where: { ["pin", "pins", "pinned", "pinning"].contains($0) }),
            let array = node.initializer?.value.as(ArrayExprSyntax.self), array.elements.count == 1,
            let literal = array.elements.first?.expression.as(StringLiteralExprSyntax.self),
            let text = SwiftSyntaxQueries.staticText(literal), Self.isSPKIHash(text)
        else { return .visitChildren }
        context.report(
            .pinningWithoutBackup, at: node, "\(name) holds one pin and no backup: a key rotation locks every user out")
        return .visitChildren
    }

    /// A base64 SHA-256 (44 characters ending in `=`), optionally `sha256/`-prefixed.
    static func isSPKIHash(_ text: String) -> Bool {
        let hash = text.hasPrefix("sha256/") ? String(text.dropFirst("sha256/".count)) : text
        return hash.count == 44 && hash.hasSuffix("=")
            && hash.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) }
    }

    override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
        if SwiftSyntaxQueries.name(of: node.key) == "kTSKPublicKeyHashes",
            let array = SwiftBindings.resolve(node.value).as(ArrayExprSyntax.self), array.elements.count == 1
        {
            context.report(
                .pinningWithoutBackup, at: node,
                "kTSKPublicKeyHashes lists one hash: TrustKit needs a backup pin (and refuses a single one)")
        }
        return .visitChildren
    }
}
