/// How an Objective-C string literal is used as a credential, for RS-CRYPTO-007's short-literal path
/// (``CredentialLiteral``): compared with a credential-named value or a text field's text (`[self.passwordField.text
/// isEqualToString:@"…"]`, `isEqual:`, `password == @"…"`), or assigned or defined under a credential name
/// (`self.password = @"…"`, `static NSString *const CookiePassword = @"…"`, `#define kAdminPassword @"…"`,
/// `self.passwordField.text = @"…"`), or stored in defaults under a credential key (`setObject:@"…" forKey:@"PIN"`). Selector arguments such as `password:` are the hard-coded key rule's.
///
/// ```swift
/// ObjectiveCCredentialUse.use(ofLiteralAt: index, in: source)   // ("password", nameOnly: true)
/// ```
enum ObjectiveCCredentialUse {
    static let comparisons: Set<String> = ["isEqualToString", "isEqual"]

    /// What the literal at `index` of the source's tokens is to a credential.
    static func use(ofLiteralAt index: Int, in source: ObjectiveCSource) -> (description: String, nameOnly: Bool)? {
        let tokens = source.tokens
        func text(_ position: Int) -> String? { tokens.indices.contains(position) ? tokens[position].text : nil }
        // `[receiver isEqualToString:@"…"]`
        if text(index - 1) == ":", let selector = text(index - 2), comparisons.contains(selector),
            let open = source.messageStart(around: index), open < index - 2,
            let name = comparedName(tokens[(open + 1)..<(index - 2)])
        {
            return ("the value compared with \(name)", false)
        }
        // `[@"…" isEqualToString:value]`
        if text(index - 1) == "[", let selector = text(index + 1), comparisons.contains(selector),
            text(index + 2) == ":", let close = source.partner[index - 1], close > index + 3,
            let name = comparedName(tokens[(index + 3)..<close])
        {
            return ("the value compared with \(name)", false)
        }
        // `[defaults setObject:@"…" forKey:@"PIN"]`
        if text(index - 1) == ":", let selector = text(index - 2), ["setObject", "setValue"].contains(selector),
            text(index + 1) == "forKey", text(index + 2) == ":", tokens.indices.contains(index + 3),
            let key = tokens[index + 3].stringValue, CredentialLiteral.isCredentialName(key)
        {
            return ("the value stored under \(key)", true)
        }
        // `value == @"…"`, `value != @"…"`
        if text(index - 1) == "=", let op = text(index - 2), op == "=" || op == "!",
            let name = comparedName(tokens[max(source.statementStart(of: index), index - 6)..<(index - 2)])
        {
            return ("the value compared with \(name)", false)
        }
        // `name = @"…"`, `field.text = @"…"`
        if text(index - 1) == "=", let name = text(index - 2), tokens[index - 2].kind == .identifier {
            if CredentialLiteral.isCredentialName(name) { return (name, true) }
            if name == "text", text(index - 3) == ".", let field = text(index - 4), isTextField(field),
                CredentialLiteral.isCredentialName(
                    ScanSecretName.words(of: field).filter { !fieldWords.contains($0) }
                        .joined(separator: "_"))
            {
                return ("the text of \(field)", true)
            }
        }
        return nil
    }

    static let fieldWords: Set<String> = ["text", "field", "textfield", "secure"]

    /// The credential (by ``ObjectiveCSecretName``) or the text field whose text `tokens` read.
    static func comparedName(_ tokens: ArraySlice<ObjectiveCToken>) -> String? {
        if let name = ObjectiveCSecretName.first(in: tokens) { return name }
        let texts = tokens.map(\.text)
        guard texts.count >= 3, texts[texts.count - 1] == "text", texts[texts.count - 2] == ".",
            isTextField(texts[texts.count - 3])
        else { return nil }
        return "the text of " + texts[texts.count - 3]
    }

    static func isTextField(_ name: String) -> Bool {
        let last = ScanSecretName.words(of: name).last
        return last == "field" || last == "textfield"
    }
}
