/// RS-NET-007 in Objective-C: pins listed with no backup: a TrustKit configuration in code whose
/// `kTSKPublicKeyHashes` holds one hash, or any array literal holding exactly one SPKI SHA-256 pin (44
/// base64 characters, or `sha256/…`), as hand-written pinning code keeps them. One pin bricks the app when the
/// server's key rotates.
struct ObjectiveCPinningWithoutBackupRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.text == "@" {
            guard index + 1 < tokens.count, tokens[index + 1].text == "[", let close = source.partner[index + 1] else {
                continue
            }
            let elements = source.split(index + 2..<close, at: ",").filter { !$0.isEmpty }
            guard elements.count == 1 else { continue }
            let isTrustKit =
                index >= 2 && tokens[index - 1].text == ":"
                && (tokens[index - 2].text == "kTSKPublicKeyHashes"
                    || tokens[index - 2].stringValue == "TSKPublicKeyHashes")
            let element = tokens[elements[0]]
            let pin = element.count == 1 ? element.first?.stringValue : nil
            guard isTrustKit || pin.map(Self.looksLikePin) == true else { continue }
            let domain = isTrustKit ? domainKey(before: index, in: source) : nil
            findings.append(
                source.finding(
                    .pinningWithoutBackup, at: isTrustKit ? tokens[index - 2] : token,
                    "\(isTrustKit ? "kTSKPublicKeyHashes" : "the pin list")\(domain.map { " for \($0)" } ?? "") "
                        + "holds one pin and no backup pin"))
        }
        return findings
    }

    /// A base64 SHA-256 digest (44 characters ending in `=`), bare or as `sha256/…`.
    static func looksLikePin(_ text: String) -> Bool {
        let digest = text.hasPrefix("sha256/") ? String(text.dropFirst(7)) : text
        return digest.count == 44 && digest.hasSuffix("=")
            && digest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) }
    }

    /// The string key of the dictionary entry that holds the hashes: `@"example.com" : @{ … }`.
    func domainKey(before index: Int, in source: ObjectiveCSource) -> String? {
        var back = index
        while back > max(2, index - 4096) {
            back -= 1
            let token = source.tokens[back]
            if token.text == "{", let close = source.partner[back], close > index, source.tokens[back - 1].text == "@",
                source.tokens[back - 2].text == ":"
            {
                return source.tokens[back - 3].stringValue
            }
        }
        return nil
    }
}
