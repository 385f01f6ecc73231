/// API keys and tokens with a known prefix among a binary's C strings (AWS access key ids, GitHub,
/// Stripe, Slack and Google API tokens, PEM private keys). The message shows the kind of key and only its
/// first and last four characters: a report must not spread the secret further.
///
/// ```swift
/// let findings = MachOHardCodedSecret.findings(strings: slice.strings, binary: "App", path: "App")
/// ```
enum MachOHardCodedSecret {
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

    static func findings(strings: [MachOSlice.CString], binary: String, path: String) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        for string in strings where string.section != "__TEXT,__objc_methname" {
            for (kind, secret) in secrets(in: string.value) {
                findings.append(
                    ScanFinding(
                        rule: .hardCodedSecret, path: path, line: 0, column: 0,
                        message: "\(binary) holds a hard-coded \(kind) (\(redacted(secret)))"))
            }
        }
        return findings
    }

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

    /// The first and last four characters of a secret, or only its kind's prefix for a PEM key.
    static func redacted(_ secret: String) -> String {
        if secret.hasPrefix("-----") { return String(secret.prefix { $0 != "\n" }) }
        guard secret.count > 12 else { return String(secret.prefix(4)) + "…" }
        return String(secret.prefix(4)) + "…" + String(secret.suffix(4))
    }
}
