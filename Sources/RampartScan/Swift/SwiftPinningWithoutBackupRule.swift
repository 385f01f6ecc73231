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
