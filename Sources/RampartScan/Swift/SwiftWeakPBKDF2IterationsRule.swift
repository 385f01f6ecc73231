import RampartPolicy
import SwiftSyntax

/// RS-CRYPTO-005 in Swift: PBKDF2 with a round count fixed below 10,000 (high: under RNCryptor v3's), or below
/// 600,000 with HMAC-SHA256 (info: OWASP's current advice) — `CCKeyDerivationPBKDF` and CryptoSwift's
/// `PKCS5.PBKDF2(…, iterations:)`.
final class SwiftWeakPBKDF2IterationsRule: SwiftRule {
    static let minimum = 10_000
    static let recommendedSHA256 = 600_000

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name = SwiftSyntaxQueries.calleeName(node) ?? ""
        let rounds: ExprSyntax?
        let prf: String
        if name == "CCKeyDerivationPBKDF" {
            rounds = SwiftSyntaxQueries.argument(node, at: 6)
            prf = SwiftSyntaxQueries.argument(node, at: 5).map { SwiftBindings.resolve($0).trimmedDescription } ?? ""
        } else if name == "PBKDF2" {
            rounds = SwiftSyntaxQueries.argument(node, "iterations") ?? SwiftSyntaxQueries.argument(node, "rounds")
            prf = SwiftSyntaxQueries.argument(node, "variant")?.trimmedDescription ?? ".sha2(.sha256)"
        } else {
            return .visitChildren
        }
        guard let rounds, let count = SwiftSyntaxQueries.integerValue(SwiftBindings.resolve(rounds)) else {
            return .visitChildren
        }
        let isSHA256 = prf.contains("SHA256") || prf.contains("sha256")
        if count < Self.minimum {
            context.report(
                .weakPBKDF2Iterations, at: rounds,
                "\(name) runs \(count) rounds: at least 10,000 (600,000 with HMAC-SHA256)")
        } else if isSHA256 && count < Self.recommendedSHA256 {
            context.report(
                .weakPBKDF2Iterations, at: rounds,
                "\(name) runs \(count) rounds of HMAC-SHA256: OWASP advises 600,000", severity: .info)
        }
        return .visitChildren
    }
}
