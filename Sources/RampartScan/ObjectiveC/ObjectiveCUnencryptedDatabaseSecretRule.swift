/// RS-STORAGE-004 in Objective-C: SQL that stores a secret column (`INSERT`/`UPDATE` naming `password`, `token`,
/// …) in a plain SQLite database, and Core Data objects given a secret (`setValue:password forKey:@"password"`
/// on an `NSManagedObject`), when the file shows no SQLCipher key (`sqlite3_key`, `PRAGMA key`).
struct ObjectiveCUnencryptedDatabaseSecretRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        let tokens = source.tokens
        let encrypted = tokens.contains {
            $0.text == "sqlite3_key" || $0.text == "sqlite3_key_v2" || $0.text == "encryptionKey"
                || ($0.stringValue?.uppercased().contains("PRAGMA KEY") ?? false)
        }
        guard !encrypted else { return [] }
        var findings: [ScanFinding] = []
        for (index, token) in tokens.enumerated() {
            if let value = token.stringValue {
                let upper = value.uppercased()
                guard upper.hasPrefix("INSERT") || upper.hasPrefix("UPDATE") || upper.hasPrefix("REPLACE") else {
                    continue
                }
                let words = value.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
                guard let column = words.first(where: ScanSecretName.isSecret) else { continue }
                findings.append(
                    source.finding(
                        .unencryptedDatabaseSecret, at: token,
                        "SQL stores the column \(column) in a database opened without encryption (no sqlite3_key)"))
            } else if token.text == "setValue", let open = source.messageStart(around: index), index - open <= 64 {
                let receiver = tokens[(open + 1)..<index]
                guard isManagedObject(receiver, before: index, in: source),
                    let value = source.selectorArgument(at: index),
                    let name = ObjectiveCSecretName.first(in: tokens[value])
                else { continue }
                findings.append(
                    source.finding(
                        .unencryptedDatabaseSecret, at: token,
                        "\(name) is stored in a Core Data object, saved unencrypted in the app's SQLite store"))
            }
        }
        return findings
    }

    /// Whether the receiver of a message is a Core Data object: named so, or a local declared as an
    /// `NSManagedObject` (or a subclass named `…ManagedObject`) or made by `insertNewObjectForEntityForName:`.
    func isManagedObject(_ receiver: ArraySlice<ObjectiveCToken>, before index: Int, in source: ObjectiveCSource)
        -> Bool
    {
        if receiver.contains(where: {
            $0.text.lowercased().contains("managedobject") || $0.text == "NSEntityDescription"
        }) {
            return true
        }
        guard receiver.count == 1, let name = receiver.first?.text else { return false }
        let tokens = source.tokens
        if let value = source.localInitializer(of: name, before: index),
            value.contains(where: { $0.text == "insertNewObjectForEntityForName" })
        {
            return true
        }
        return source.occurrences(of: name, before: index).contains { position in
            position >= 2 && tokens[position - 1].text == "*" && tokens[position - 2].text.hasSuffix("ManagedObject")
        }
    }
}
