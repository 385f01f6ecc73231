/// RS-STORAGE-002 in Objective-C: `[[NSUserDefaults standardUserDefaults] setObject:password forKey:@"password"]`
/// (or `setValue:`/`setString:`, or a variable named `defaults`/`userDefaults`) storing a value or key whose
/// name says it is a secret. UserDefaults is a plain plist in the app's container, in every backup.
struct ObjectiveCSecretInUserDefaultsRule: ObjectiveCRule {
    static let setters: Set<String> = ["setObject", "setValue", "setString", "setInteger", "setData"]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where Self.setters.contains(token.text) {
            guard let open = source.messageStart(around: index), open < index, index - open <= 64 else { continue }
            let receiver = tokens[(open + 1)..<index]
            let isDefaults = receiver.contains {
                $0.text == "standardUserDefaults" || $0.text == "NSUserDefaults"
                    || ($0.kind == .identifier && $0.text.lowercased().hasSuffix("defaults"))
            }
            guard isDefaults, let value = source.selectorArgument(at: index) else { continue }
            let keyRange = source.selectorArgument(at: value.upperBound)
            let key = keyRange.flatMap { range in tokens[range].first { $0.stringValue != nil } }
            let valueName = ObjectiveCSecretName.first(in: tokens[value])
            let keyName =
                key.flatMap { ScanSecretName.isSecret($0.stringValue ?? "") ? $0.stringValue : nil }
                ?? keyRange.flatMap { range in
                    source.resolved(range).first { $0.stringValue.map(ScanSecretName.isSecret) == true }?.stringValue
                }
            guard let name = valueName ?? keyName.map({ "the value for key \"\($0)\"" }) else { continue }
            findings.append(
                source.finding(
                    .secretInUserDefaults, at: token,
                    "\(name) is stored in NSUserDefaults, a plain plist in the app's container and its backups"))
        }
        return findings
    }
}
