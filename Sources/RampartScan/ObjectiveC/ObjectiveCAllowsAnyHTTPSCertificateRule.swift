/// RS-NET-004 in Objective-C: `[NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:…]` (private API) and a
/// `+allowsAnyHTTPSCertificateForHost:` override that returns YES.
struct ObjectiveCAllowsAnyHTTPSCertificateRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            switch token.text {
            case "setAllowsAnyHTTPSCertificate", "_setAllowsAnyHTTPSCertificate":
                guard let argument = source.selectorArgument(at: index) else { continue }
                let value = tokens[argument].map(\.text)
                if value == ["NO"] || value == ["false"] || value == ["0"] { continue }
                let host = source.selectorArgument(at: argument.upperBound).flatMap { range in
                    tokens[range].first { $0.stringValue != nil }?.stringValue
                }
                findings.append(
                    source.finding(
                        .allowsAnyHTTPSCertificate, at: token,
                        "\(token.text): turns off certificate validation for \(host ?? "a host")"))
            case "allowsAnyHTTPSCertificateForHost" where source.enclosingBody[index] == nil:
                var cursor = index
                while cursor < min(tokens.count, index + 512), tokens[cursor].text != "{", tokens[cursor].text != ";" {
                    cursor += 1
                }
                guard cursor < tokens.count, tokens[cursor].text == "{", let close = source.partner[cursor] else {
                    continue
                }
                let returnsYes = (cursor..<close).contains {
                    tokens[$0].text == "return" && $0 + 1 < close && ["YES", "true", "1"].contains(tokens[$0 + 1].text)
                }
                if returnsYes {
                    findings.append(
                        source.finding(
                            .allowsAnyHTTPSCertificate, at: token,
                            "allowsAnyHTTPSCertificateForHost: is overridden to return YES: any certificate is accepted"
                        ))
                }
            default:
                continue
            }
        }
        return findings
    }
}
