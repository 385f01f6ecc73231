/// RS-PLATFORM-004 in Objective-C: a secret copied to `[UIPasteboard generalPasteboard]` (`.string = password`,
/// `setString:token`, `setValue:forPasteboardType:`), where every app can read it.
struct ObjectiveCGeneralPasteboardSecretRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.text == "generalPasteboard" {
            let start = max(source.statementStart(of: index), index - 16)
            let end = min(source.statementEnd(after: start), index + 64)
            guard end > index + 1 else { continue }
            let rest = tokens[(index + 1)..<end]
            guard
                rest.contains(where: {
                    ["string", "setString", "setValue", "setItems", "strings", "setStrings", "items"].contains($0.text)
                }),
                let secret = ObjectiveCSecretName.first(in: rest)
            else { continue }
            findings.append(
                source.finding(
                    .generalPasteboardSecret, at: token,
                    "\(secret) is copied to the general pasteboard, which every app (and Handoff) can read"))
        }
        return findings
    }
}
