/// RS-CRYPTO-007 in a bundled property list that is not an `Info.plist` (`Credentials.plist`, `Config.plist`): a
/// string under a key that names a credential (`Password`, `Secret`, `AuthToken`, `PIN`, at any depth), tested
/// as a name-only use by ``CredentialLiteral`` (placeholders, identifiers and build settings such as
/// `$(API_TOKEN)` are not credentials). The message shows only the value's length.
///
/// ```swift
/// PropertyListCredentialRule.findings(top: ["Password": "Secret@123"], path: "Credentials.plist", lines: lines)
/// ```
enum PropertyListCredentialRule {
    /// Keys nested at most this deep are read.
    static let maximumDepth = 16

    static func findings(top: [String: Any], path: String, lines: PropertyListKeyLines) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        func visit(_ value: Any, key: String?, depth: Int) {
            guard depth <= maximumDepth else { return }
            switch value {
            case let dictionary as [String: Any]:
                for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
                    visit(value, key: key, depth: depth + 1)
                }
            case let array as [Any]:
                for element in array { visit(element, key: key, depth: depth + 1) }
            case let string as String:
                guard let key, CredentialLiteral.isCredentialName(key),
                    CredentialLiteral.isCredential(string, nameOnly: true)
                else { return }
                findings.append(
                    ScanFinding(
                        rule: .hardCodedSecret, path: path, line: lines.line(ofString: string, after: key), column: 0,
                        message: "\(key) is a hard-coded credential in a bundled property list (\(string.count) "
                            + "characters, not shown): anyone who unpacks the app reads it",
                        severity: .medium))
            default:
                return
            }
        }
        visit(top, key: nil, depth: 0)
        return findings
    }
}
