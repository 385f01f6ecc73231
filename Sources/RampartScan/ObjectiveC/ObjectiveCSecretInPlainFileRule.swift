/// RS-STORAGE-003 in Objective-C: a secret written to a plain file: `[password writeToFile:…]`,
/// `[dict writeToURL:…]` for a dictionary holding one, or `createFileAtPath:contents:token…`, without
/// `NSDataWritingFileProtectionComplete` on the write.
struct ObjectiveCSecretInPlainFileRule: ObjectiveCRule {
    static let writers: Set<String> = ["writeToFile", "writeToURL"]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where Self.writers.contains(token.text) || token.text == "contents" {
            guard let open = source.messageStart(around: index), let close = source.partner[open],
                close - open <= ObjectiveCSource.statementLimit, index - open <= 64
            else { continue }
            let message = (open + 1)..<close
            if source.contains(
                ["NSDataWritingFileProtectionComplete", "NSDataWritingFileProtectionCompleteUnlessOpen"], in: message)
            {
                continue
            }
            let secret: String?
            if token.text == "contents" {
                guard index > 0,
                    tokens[index - 1].text == ":" || index + 1 < tokens.count && tokens[index + 1].text == ":",
                    source.contains(["createFileAtPath"], in: message),
                    let argument = source.selectorArgument(at: index)
                else { continue }
                secret = ObjectiveCSecretName.first(in: tokens[argument])
            } else {
                secret =
                    ObjectiveCSecretName.first(in: tokens[(open + 1)..<index])
                    ?? filledWithSecret(tokens[(open + 1)..<index], before: open, in: source)
                    ?? source.selectorArgument(at: index).flatMap { range in
                        source.resolved(range).first { $0.stringValue.map(ScanSecretName.isSecret) == true }?
                            .stringValue.map { "a file named \"\($0)\"" }
                    }
            }
            guard let secret else { continue }
            findings.append(
                source.finding(
                    .secretInPlainFile, at: token,
                    "\(secret) is written to a plain file (\(token.text)) without complete file protection or encryption"
                ))
        }
        return findings
    }

    /// For a receiver that is one local collection: the secret it was given earlier in the method
    /// (`contents[@"password"] = password`, `[contents setObject:token forKey:…]`), named.
    func filledWithSecret(_ receiver: ArraySlice<ObjectiveCToken>, before index: Int, in source: ObjectiveCSource)
        -> String?
    {
        guard receiver.count == 1, let name = receiver.first?.text else { return nil }
        let tokens = source.tokens
        for position in source.occurrences(of: name, before: index) where position + 1 < index {
            let statement = tokens[position..<source.statementEnd(after: position)]
            let subscripted = tokens[position + 1].text == "["
            let sent =
                position >= 1 && tokens[position - 1].text == "["
                && statement.contains { $0.text == "setObject" || $0.text == "setValue" }
            guard subscripted || sent else { continue }
            if let key = statement.first(where: { $0.stringValue.map(ScanSecretName.isSecret) == true })?.stringValue {
                return "\(name) (holding \"\(key)\")"
            }
            if let secret = ObjectiveCSecretName.first(in: statement.dropFirst()) {
                return "\(name) (holding \(secret))"
            }
        }
        return nil
    }
}
