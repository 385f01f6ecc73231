import RampartPolicy
import SwiftSyntax

/// RS-CRYPTO-004 in Swift: MD5 or SHA-1 (`Insecure.MD5`, `Insecure.SHA1`, `CC_MD5`, `CC_SHA1`, CryptoSwift's
/// `.md5()` / `.sha1()`) over a password or key (high), or anywhere else (low: a checksum or cache key is not
/// a weakness, but the choice is worth a look).
final class SwiftWeakPasswordHashRule: SwiftRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let text = SwiftSyntaxQueries.calleeText(node)
        let name = SwiftSyntaxQueries.calleeName(node) ?? ""
        let algorithm: String
        var input: ExprSyntax?
        if text.contains("Insecure.MD5") || text.contains("Insecure.SHA1") {
            guard name == "hash" || name == "update" || text.hasSuffix("MD5") || text.hasSuffix("SHA1") else {
                return .visitChildren
            }
            algorithm = text.contains("MD5") ? "Insecure.MD5" : "Insecure.SHA1"
            input = SwiftSyntaxQueries.argument(node, "data") ?? SwiftSyntaxQueries.argument(node, "bufferPointer")
        } else if name == "CC_MD5" || name == "CC_SHA1" {
            algorithm = name
            input = SwiftSyntaxQueries.argument(node, at: 0)
        } else if (name == "md5" || name == "sha1") && node.arguments.isEmpty,
            let base = SwiftSyntaxQueries.calleeBase(node)
        {
            algorithm = name == "md5" ? "MD5" : "SHA-1"
            input = base
        } else {
            return .visitChildren
        }
        if let secret = secretInput(input, of: node) {
            context.report(
                .weakPasswordHash, at: node,
                "\(algorithm) hashes \(secret): fast hashes make passwords cheap to guess; use PBKDF2 or scrypt")
        } else {
            context.report(
                .weakPasswordHash, at: node,
                "\(algorithm) is broken for collisions: use SHA256 unless a protocol requires it", severity: .low)
        }
        return .visitChildren
    }

    /// The secret the hash reads: its input, the buffer a `withUnsafeBytes` closure around it was opened on, or
    /// the function it is in (`hashPassword(_:)`).
    private func secretInput(_ input: ExprSyntax?, of node: FunctionCallExprSyntax) -> String? {
        if let input, let secret = SwiftSecretValue.secret(in: input) { return secret }
        var current = Syntax(node).parent
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let base = SwiftSyntaxQueries.calleeBase(call), let secret = SwiftSecretValue.secret(in: base)
            {
                return secret
            }
            if let function = parent.as(FunctionDeclSyntax.self) {
                let words = ScanSecretName.words(of: function.name.text)
                if ScanSecretName.isSecret(function.name.text) || words.contains("password") {
                    return "input of \(function.name.text)"
                }
                return nil
            }
            current = parent.parent
        }
        return nil
    }
}
