import Foundation

/// RS-CRYPTO-007 in Objective-C: an API key or token in a string literal: a known prefix (AWS, GitHub, Stripe,
/// Slack, Google, PEM private keys: the patterns the Mach-O reader uses too), or a long random-looking literal
/// assigned to a name that says it is a secret (`kAPISecret = @"9f2c…"`). The message shows only the ends.
/// A short literal is one when its use says so (``ObjectiveCCredentialUse``, ``CredentialLiteral``): compared
/// with a password or a text field's text (high), or given to a credential name (medium); those messages show
/// only the length.
struct ObjectiveCHardCodedSecretRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        var seen = Set<Int>()
        func report(_ token: ObjectiveCToken, _ message: String) {
            guard seen.insert(token.line << 20 | token.column).inserted else { return }
            findings.append(source.finding(.hardCodedSecret, at: token, message))
        }
        let literals =
            source.tokens.filter { $0.stringValue != nil }
            + source.constants.values.flatMap { $0.filter { $0.stringValue != nil } }
        for token in literals {
            guard let value = token.stringValue else { continue }
            for (kind, secret) in KnownSecrets.secrets(in: value) {
                report(token, "a \(kind) is written in the code (\(KnownSecrets.redacted(secret)))")
            }
        }
        // NAME = @"high-entropy literal" where NAME says secret.
        var named: [(String, ObjectiveCToken)] = source.constants.compactMap { name, value in
            value.count == 1 || (value.count == 2 && value[0].text == "@") ? value.last.map { (name, $0) } : nil
        }
        for (index, token) in source.tokens.enumerated() where token.stringValue != nil && index > 1 {
            if source.tokens[index - 1].text == "=" { named.append((source.tokens[index - 2].text, token)) }
        }
        for (name, token) in named {
            guard let value = token.stringValue, ScanSecretName.isSecret(name), Self.looksRandom(value) else {
                continue
            }
            report(token, "\(name) holds a secret written in the code (\(KnownSecrets.redacted(value)))")
        }
        // Short literals that are credentials by their use (`isEqualToString:`, `self.password = @"…"`).
        var used: [(String, Bool, ObjectiveCToken)] = source.constants.compactMap { name, value in
            guard let token = value.last, value.count == 1 || (value.count == 2 && value[0].text == "@"),
                CredentialLiteral.isCredentialName(name)
            else { return nil }
            return (name, true, token)
        }
        for (index, token) in source.tokens.enumerated() where token.stringValue != nil {
            if let use = ObjectiveCCredentialUse.use(ofLiteralAt: index, in: source) {
                used.append((use.description, use.nameOnly, token))
            }
        }
        for (description, nameOnly, token) in used {
            guard let value = token.stringValue, CredentialLiteral.isCredential(value, nameOnly: nameOnly) else {
                continue
            }
            guard seen.insert(token.line << 20 | token.column).inserted else { continue }
            findings.append(
                source.finding(
                    .hardCodedSecret, at: token,
                    "\(description) is a hard-coded credential (\(value.count) characters, not shown)",
                    severity: nameOnly ? .medium : .high))
        }
        return findings
    }

    /// At least 16 characters without spaces, letters and digits mixed, and Shannon entropy over 3.5 bits per character.
    static func looksRandom(_ value: String) -> Bool {
        guard value.count >= 16, !value.contains(" "), !value.contains("%"),
            value.contains(where: \.isNumber), value.contains(where: \.isLetter)
        else { return false }
        var counts: [Character: Int] = [:]
        for character in value { counts[character, default: 0] += 1 }
        let total = Double(value.count)
        let entropy = counts.values.reduce(0.0) { sum, count in
            let p = Double(count) / total
            return sum - p * log2(p)
        }
        return entropy > 3.5
    }
}
