/// RS-CRYPTO-004 in Objective-C: `CC_MD5`/`CC_SHA1` (and their `_Init`/`_Update` forms) over a password or key
/// (high), or elsewhere (low: fine for checksums, never for secrets).
struct ObjectiveCWeakPasswordHashRule: ObjectiveCRule {
    static let functions: Set<String> = [
        "CC_MD5", "CC_SHA1", "CC_MD5_Update", "CC_SHA1_Update", "CC_MD4", "CC_MD2",
    ]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier && Self.functions.contains(token.text)
        {
            let arguments = source.callArguments(at: index)
            guard !arguments.isEmpty else { continue }
            let data = token.text.hasSuffix("_Update") ? arguments.dropFirst().first : arguments.first
            let secret =
                data.flatMap { ObjectiveCSecretName.first(in: tokens[$0]) }
                ?? ObjectiveCSecretName.first(in: source.signature(around: index))
            if let secret {
                findings.append(
                    source.finding(
                        .weakPasswordHash, at: token,
                        "\(token.text) hashes \(secret): fast, unsalted and broken for passwords or keys"))
            } else {
                findings.append(
                    source.finding(
                        .weakPasswordHash, at: token, "\(token.text) is a broken hash; use SHA-256 or better",
                        severity: .low))
            }
        }
        return findings
    }
}
