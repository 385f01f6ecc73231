/// RS-CRYPTO-002 in Objective-C: `CCCrypt`/`CCCryptorCreate…` with an IV that is NULL (all zeros for CBC), a
/// literal, a constant or an array initialised in the code, instead of fresh random bytes.
struct ObjectiveCStaticIVRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        var reported = Set<String>()
        for (index, token) in source.tokens.enumerated() where token.kind == .identifier {
            guard let position = ObjectiveCCommonCryptoCall.positions[token.text]?.iv else { continue }
            let arguments = source.callArguments(at: index)
            guard position < arguments.count else { continue }
            // ECB takes no IV: that is RS-CRYPTO-001's finding.
            if arguments.contains(where: { range in
                range.contains {
                    source.tokens[$0].text == "kCCOptionECBMode" || source.tokens[$0].text == "kCCModeECB"
                }
            }) {
                continue
            }
            switch ObjectiveCCommonCryptoCall.fixed(arguments[position], in: source) {
            case .null:
                findings.append(
                    source.finding(.staticIV, at: token, "\(token.text) gets a NULL IV: CBC then uses an all-zero IV"))
            case .literal(let text):
                findings.append(
                    source.finding(.staticIV, at: token, "\(token.text) gets the literal IV \(text.prefix(40))"))
            case .constant(let name, let definition?):
                guard reported.insert(name).inserted else { continue }
                findings.append(
                    source.finding(
                        .staticIV, at: definition,
                        "\(name) is a fixed IV, passed to \(token.text) on line \(token.line): the same for every message"
                    ))
            case .constant(let name, nil):
                findings.append(
                    source.finding(
                        .staticIV, at: token, "\(token.text) gets the fixed IV \(name), the same for every message"))
            case nil:
                continue
            }
        }
        return findings
    }
}
