/// API keys and tokens recognised by their prefix — AWS access key ids, GitHub, Stripe, Slack and Google API
/// tokens, PEM and OpenSSH private keys — and how a report shows one (``redacted(_:)``). The one list
/// RS-CRYPTO-007's Swift, Objective-C and binary detectors, and the engine's masking, share.
///
/// ```swift
/// KnownSecrets.secrets(in: "key = AKIAIOSFODNN7EXAMPLE").first?.kind   // "AWS access key id"
/// ```
enum KnownSecrets {
    /// The characters a key's body may hold.
    enum Characters: Sendable {
        case upperAlphanumeric, alphanumeric, token, any

        func contains(_ character: Character) -> Bool {
            switch self {
            case .upperAlphanumeric: character.isASCII && (character.isUppercase || character.isNumber)
            case .alphanumeric: character.isASCII && (character.isLetter || character.isNumber)
            case .token: Characters.alphanumeric.contains(character) || character == "_" || character == "-"
            case .any: true
            }
        }
    }

    struct Pattern: Sendable {
        var prefix: String
        var kind: String
        /// Characters after the prefix, at least; and which characters count.
        var minimumLength: Int
        var characters: Characters
    }

    static let patterns: [Pattern] = [
        Pattern(prefix: "AKIA", kind: "AWS access key id", minimumLength: 16, characters: .upperAlphanumeric),
        Pattern(prefix: "ASIA", kind: "AWS temporary access key id", minimumLength: 16, characters: .upperAlphanumeric),
        Pattern(prefix: "ghp_", kind: "GitHub personal access token", minimumLength: 36, characters: .alphanumeric),
        Pattern(prefix: "gho_", kind: "GitHub OAuth token", minimumLength: 36, characters: .alphanumeric),
        Pattern(prefix: "github_pat_", kind: "GitHub fine-grained token", minimumLength: 60, characters: .token),
        Pattern(prefix: "sk_live_", kind: "Stripe secret key", minimumLength: 20, characters: .alphanumeric),
        Pattern(prefix: "rk_live_", kind: "Stripe restricted key", minimumLength: 20, characters: .alphanumeric),
        Pattern(prefix: "xoxb-", kind: "Slack bot token", minimumLength: 20, characters: .token),
        Pattern(prefix: "xoxp-", kind: "Slack user token", minimumLength: 20, characters: .token),
        Pattern(prefix: "AIza", kind: "Google API key", minimumLength: 35, characters: .token),
        Pattern(prefix: "-----BEGIN RSA PRIVATE KEY-----", kind: "PEM private key", minimumLength: 0, characters: .any),
        Pattern(prefix: "-----BEGIN EC PRIVATE KEY-----", kind: "PEM private key", minimumLength: 0, characters: .any),
        Pattern(prefix: "-----BEGIN PRIVATE KEY-----", kind: "PEM private key", minimumLength: 0, characters: .any),
        Pattern(
            prefix: "-----BEGIN OPENSSH PRIVATE KEY-----", kind: "OpenSSH private key", minimumLength: 0,
            characters: .any),
    ]

    /// The secrets of a string: each pattern's prefix where it starts a token (not in the middle of a
    /// word) and enough of its characters follow.
    static func secrets(in text: String) -> [(kind: String, secret: String)] {
        var found: [(String, String)] = []
        for pattern in patterns {
            var rest = Substring(text)
            while let range = rest.range(of: pattern.prefix) {
                let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
                let body = rest[range.upperBound...].prefix(while: pattern.characters.contains)
                if before.map({ !Characters.token.contains($0) }) ?? true, body.count >= pattern.minimumLength {
                    found.append((pattern.kind, String(text[range.lowerBound..<body.endIndex])))
                }
                rest = rest[range.upperBound...]
            }
        }
        return found
    }

    /// Characters of a secret a report may show, at most: a vendor's prefix longer than this is cut too.
    static let shownCharacters = 11

    /// How a report shows a secret: a known vendor's prefix alone (`ghp_…`, `AKIA…`), or the first few
    /// characters (never more than four, nor more than a third of it), then `…`; only the `-----BEGIN … KEY-----`
    /// line of a PEM or OpenSSH key. Nothing from the end: with a prefix, the end is what would narrow a guess.
    static func redacted(_ secret: String) -> String {
        if secret.hasPrefix("-----BEGIN "), let close = secret.dropFirst(5).range(of: "-----") {
            return String(secret[..<close.upperBound])
        }
        let third = secret.count / 3
        if let pattern = patterns.first(where: { secret.hasPrefix($0.prefix) && !$0.prefix.hasPrefix("-") }),
            pattern.prefix.count <= min(third, shownCharacters)
        {
            return pattern.prefix + "…"
        }
        return String(secret.prefix(min(4, third))) + "…"
    }
}
