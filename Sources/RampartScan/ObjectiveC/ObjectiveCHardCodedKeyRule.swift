/// RS-CRYPTO-003 in Objective-C: a key or password written in the code and handed to CommonCrypto
/// (`CCCrypt`, `CCHmac`, `CCKeyDerivationPBKDF`) or to RNCryptor (`password:`, `withPassword:`, `key:`), as a
/// literal, a constant or a local initialised with one.
struct ObjectiveCHardCodedKeyRule: ObjectiveCRule {
    static let selectorParts: Set<String> = [
        "password", "withPassword", "encryptionKey", "HMACKey", "hmacKey", "withKey", "key", "secretKey",
    ]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        var reported = Set<String>()
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            var range: Range<Int>?
            var what = "key"
            if let position = ObjectiveCCommonCryptoCall.positions[token.text]?.key {
                let arguments = source.callArguments(at: index)
                guard position < arguments.count else { continue }
                range = arguments[position]
                what = token.text == "CCKeyDerivationPBKDF" ? "password" : "key"
            } else if Self.selectorParts.contains(token.text), source.enclosingBody[index] != nil,
                source.messageStart(around: index) != nil, index > 0, tokens[index - 1].text != "."
            {
                range = source.selectorArgument(at: index)
                what = token.text.lowercased().contains("password") ? "password" : "key"
            }
            guard let range, !range.isEmpty else { continue }
            switch ObjectiveCCommonCryptoCall.fixed(range, in: source) {
            case .literal:
                findings.append(
                    source.finding(
                        .hardCodedKey, at: token, "\(token.text) gets a \(what) written in the code as a literal"))
            case .constant(let name, let definition?):
                guard reported.insert(name).inserted else { continue }
                findings.append(
                    source.finding(
                        .hardCodedKey, at: definition,
                        "\(name) is a hard-coded \(what), passed to \(token.text) on line \(token.line)"))
            case .constant(let name, nil):
                findings.append(
                    source.finding(.hardCodedKey, at: token, "\(token.text) gets the hard-coded \(what) \(name)"))
            case .null, nil:
                continue
            }
        }
        return findings
    }
}
