import Foundation
import SwiftSyntax

/// RS-CRYPTO-007 in Swift: a string literal that is a credential — a known prefix (AWS, GitHub, Stripe,
/// Slack, Google, PEM private keys: the same patterns as in binaries), a JSON Web Token, or a random-looking
/// value (length and Shannon entropy) given to a name that says secret (`apiKey`, `clientSecret`, `authToken`).
/// Placeholders (`"YOUR_API_KEY"`, `"<token>"`, `""`) and key names (`"api_key"`) are not credentials. The
/// message shows only a few characters of the start (``KnownSecrets/redacted(_:)``). A short literal is one when
/// its use says so (``SwiftCredentialUse``, ``CredentialLiteral``): compared with a password or a text field's
/// text or passed as a password argument (high), bound to a credential name (medium); those messages show only
/// the length.
final class SwiftHardCodedSecretRule: SwiftRule {
    static let minimumLength = 16
    /// Bits per character; random base64 or hex of this length scores 3.5–5.5, words and identifiers below.
    static let minimumEntropy = 3.5
    static let placeholderWords = [
        "your", "xxx", "<", ">", "placeholder", "example", "changeme", "insert", "replace", "todo", "dummy", "test",
        "sample", "${", "$(", "%@", "%s", "fake", "mock", "*****", "redacted",
    ]

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard let text = SwiftSyntaxQueries.staticText(node) else { return .visitChildren }
        guard text.count >= 8 else {
            reportCredential(node, text)
            return .visitChildren
        }
        if let (kind, secret) = KnownSecrets.secrets(in: text).first {
            context.report(
                .hardCodedSecret, at: node,
                "a \(kind) is written in the code (\(KnownSecrets.redacted(secret))): revoke it and move it out"
            )
        } else if Self.isJWT(text) {
            context.report(
                .hardCodedSecret, at: node,
                "a JSON Web Token is written in the code (\(KnownSecrets.redacted(text)))")
        } else if let name = SwiftSyntaxQueries.destinationName(of: Syntax(node)), ScanSecretName.isSecret(name),
            Self.looksRandom(text)
        {
            context.report(
                .hardCodedSecret, at: node,
                "\(name) is a hard-coded credential (\(KnownSecrets.redacted(text))): keep it off the app")
        } else {
            reportCredential(node, text)
        }
        return .visitChildren
    }

    /// A short literal that is a credential by its use (``SwiftCredentialUse``): a password compared or passed
    /// to a credential argument is high, a literal bound to a credential name or key medium.
    private func reportCredential(_ node: StringLiteralExprSyntax, _ text: String) {
        guard let use = SwiftCredentialUse.use(of: node), CredentialLiteral.isCredential(text, nameOnly: use.nameOnly)
        else { return }
        context.report(
            .hardCodedSecret, at: node,
            "\(use.description) is a hard-coded credential (\(text.count) characters, not shown): keep it off the app",
            severity: use.nameOnly ? .medium : .high)
    }

    static func isJWT(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, text.hasPrefix("eyJ"), parts[1].hasPrefix("eyJ") else { return false }
        return parts.allSatisfy { part in
            part.count >= 10 && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
    }

    /// Long enough, no spaces, not a placeholder, not an identifier-like key name, and high entropy.
    static func looksRandom(_ text: String) -> Bool {
        guard text.count >= minimumLength, !text.contains(where: \.isWhitespace), !text.contains("://") else {
            return false
        }
        let lowered = text.lowercased()
        if placeholderWords.contains(where: lowered.contains) { return false }
        if text.allSatisfy({ $0.isLowercase || $0 == "_" || $0 == "." || $0 == "-" }) { return false }
        if text.allSatisfy({ $0.isUppercase || $0 == "_" }) { return false }
        // `"WrongStaffPassword"`, `"StaffPasswordItem"`: a localized-string key or keychain item name.
        if CredentialLiteral.looksLikeIdentifier(text) { return false }
        return entropy(text) >= minimumEntropy
    }

    /// Shannon entropy in bits per character.
    static func entropy(_ text: String) -> Double {
        var counts: [Character: Int] = [:]
        for character in text { counts[character, default: 0] += 1 }
        let total = Double(text.count)
        return counts.values.reduce(0) { sum, count in
            let p = Double(count) / total
            return sum - p * log2(p)
        }
    }
}
