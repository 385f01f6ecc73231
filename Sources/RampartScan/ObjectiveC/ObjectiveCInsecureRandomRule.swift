/// RS-CRYPTO-006 in Objective-C: `rand()`, `random()`, `srand`, `srandom` or `drand48()` where the statement or
/// the method's name says a key, IV, nonce, salt, token or password is being made. `arc4random_buf` and
/// `SecRandomCopyBytes` are fine.
struct ObjectiveCInsecureRandomRule: ObjectiveCRule {
    static let functions: Set<String> = [
        "rand", "random", "srand", "srandom", "drand48", "lrand48", "mrand48", "rand_r",
    ]
    static let cryptoWords = ["key", "iv", "nonce", "salt", "token", "password", "secret", "otp", "pin", "session"]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier && Self.functions.contains(token.text)
        {
            guard index + 1 < tokens.count, tokens[index + 1].text == "(", index == 0 || tokens[index - 1].text != "."
            else {
                continue
            }
            let start = max(source.statementStart(of: index), index - 64)
            let statement = tokens[start..<min(source.statementEnd(after: index), index + 64)]
            let context =
                statement.filter { $0.kind == .identifier && $0.text != token.text }.map(\.text)
                + source.signature(around: index).filter { $0.kind == .identifier }.map(\.text)
            guard let word = context.first(where: Self.isCrypto) else { continue }
            findings.append(
                source.finding(
                    .insecureRandom, at: token,
                    "\(token.text)() is predictable and is used for \(word); use SecRandomCopyBytes or arc4random_buf"))
        }
        return findings
    }

    /// Whether a name's words (split at case changes and `_`) include a key, IV, nonce, salt, token or password.
    static func isCrypto(_ name: String) -> Bool {
        var words: [String] = []
        var current = ""
        for character in name {
            if character == "_" || (character.isUppercase && !current.isEmpty && !(current.last?.isUppercase ?? false))
            {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = character == "_" ? "" : String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words.contains { word in
            cryptoWords.contains(word) || word.hasPrefix("password") || word.hasPrefix("token")
        }
    }
}
