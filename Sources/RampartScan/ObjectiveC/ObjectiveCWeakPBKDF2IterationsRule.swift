/// RS-CRYPTO-005 in Objective-C: `CCKeyDerivationPBKDF` with a round count (a number, or a constant) under
/// 10,000 (high), or under 600,000 with `kCCPRFHmacAlgSHA256` (info).
struct ObjectiveCWeakPBKDF2IterationsRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        for (index, token) in source.tokens.enumerated() where token.text == "CCKeyDerivationPBKDF" {
            let arguments = source.callArguments(at: index)
            guard arguments.count >= 7 else { continue }
            let value = source.resolved(arguments[6])
            let digits = value.filter { $0.kind == .number }
            guard digits.count == 1,
                value.allSatisfy({ $0.kind == .number || $0.kind == .punctuation || $0.kind == .keyword }),
                let rounds = Self.number(digits[0].text)
            else { continue }
            let prf = source.tokens[arguments[5]].map(\.text)
            if rounds < 10_000 {
                findings.append(
                    source.finding(
                        .weakPBKDF2Iterations, at: token,
                        "CCKeyDerivationPBKDF runs \(rounds) rounds, under 10,000 (RNCryptor v3's count)"))
            } else if prf.contains("kCCPRFHmacAlgSHA256") && rounds < 600_000 {
                findings.append(
                    source.finding(
                        .weakPBKDF2Iterations, at: token,
                        "CCKeyDerivationPBKDF runs \(rounds) rounds of HMAC-SHA256, under OWASP's 600,000",
                        severity: .info))
            }
        }
        return findings
    }

    /// A C integer literal's value (decimal or hex, suffixes and `'` separators ignored).
    static func number(_ text: String) -> Int? {
        var digits = text.lowercased().filter { $0 != "'" }
        while let last = digits.last, "ul".contains(last) { digits.removeLast() }
        if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16) }
        return Int(digits)
    }
}
