import SwiftSyntax

/// RS-STORAGE-003 in Swift: a secret written to a file as it is — `write(to:)` / `write(toFile:)` on the
/// secret (or its data), `FileManager.createFile(atPath:contents:)`, `NSKeyedArchiver`, `PropertyListSerialization`
/// / `PropertyListEncoder` over it.
final class SwiftSecretInPlainFileRule: SwiftRule {
    /// Calls that serialise or write their first argument.
    static let argumentWriters: Set<String> = [
        "archiveRootObject", "archivedData", "createFile", "data", "encode",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = SwiftSyntaxQueries.calleeName(node) else { return .visitChildren }
        let labels = SwiftSyntaxQueries.labels(node)
        var written: ExprSyntax?
        var how = name
        if name == "write", labels.contains(where: { ["to", "toFile", "toURL"].contains($0) }) {
            written = SwiftSyntaxQueries.calleeBase(node)
            how = "write(\(labels.first ?? "to"):)"
        } else if name == "createFile" {
            written = SwiftSyntaxQueries.argument(node, "contents")
        } else if Self.argumentWriters.contains(name), let base = SwiftSyntaxQueries.calleeBase(node) {
            let baseText = base.trimmedDescription
            guard baseText.contains("NSKeyedArchiver") || baseText.contains("PropertyList") else {
                return .visitChildren
            }
            written = SwiftSyntaxQueries.argument(node, at: 0)
            how = "\(baseText.filter { !$0.isWhitespace }).\(name)"
        }
        guard let written, let secret = SwiftSecretValue.secret(in: written) else { return .visitChildren }
        context.report(
            .secretInPlainFile, at: node,
            "\(secret) is written to a file by \(how) without encryption: keep it in the keychain")
        return .visitChildren
    }
}
