/// The secret named among some Objective-C tokens, by ``ScanSecretName`` (the one test of names every analyzer
/// uses), with what tokens add: a name followed by `.length`/`.count` (or sent `length`) is a size, not the
/// secret, and a control's text (`self.passwordField.text`) is the secret typed into it.
///
/// ```swift
/// ObjectiveCSecretName.first(in: tokens[range])   // "password" for `NSLog(@"%@", password)`
/// ```
enum ObjectiveCSecretName {
    static func first(in tokens: ArraySlice<ObjectiveCToken>) -> String? {
        let indices = Array(tokens.indices)
        for (position, index) in indices.enumerated() {
            let token = tokens[index]
            guard token.kind == .identifier else { continue }
            let next = position + 1 < indices.count ? tokens[indices[position + 1]] : nil
            let after = position + 2 < indices.count ? tokens[indices[position + 2]] : nil
            let member = next?.text == "." ? after?.text : next?.kind == .identifier ? next?.text : nil
            if let member, ["length", "count", "hash", "isEmpty", "lengthOfBytesUsingEncoding"].contains(member) {
                continue
            }
            if ScanSecretName.isSecret(token.text) { return token.text }
            let words = ScanSecretName.words(of: token.text)
            if words.last == "field" || words.last == "view", member == "text",
                words.contains(where: ScanSecretName.secretWords.contains)
            {
                return token.text + ".text"
            }
        }
        return nil
    }
}
