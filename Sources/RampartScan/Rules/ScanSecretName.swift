/// Whether an identifier or a key names a secret (`password`, `authToken`, `apiKey`, `client_secret`), the one
/// test every analyzer uses before it reports a secret stored, logged or copied.
///
/// A name is split into words at case changes, digits, `_`, `-` and `.`; it names a secret when one of its
/// words does (`password`, `passphrase`, `secret`, `token`, `credential`, …) or two adjacent words do (`api key`,
/// `private key`, `access key`), unless a word says it is about the secret rather than the secret itself
/// (`passwordLength`, `tokenizer` is one word, `passwordField`, `deviceToken`, `nextPageToken`, `tokenKey` — the
/// name of a defaults key, not a key).
///
/// ```swift
/// ScanSecretName.isSecret("authToken")          // true
/// ScanSecretName.isSecret("passwordTextField")  // false
/// ```
public enum ScanSecretName {
    static let secretWords: Set<String> = [
        "password", "passwd", "passcode", "passphrase", "pwd", "secret", "secrets", "token", "tokens", "credential",
        "credentials", "apikey", "privatekey", "accesstoken", "refreshtoken", "authtoken", "sessiontoken", "jwt",
        "bearer", "otp", "cvv", "ssn",
    ]
    static let secretPairs: Set<String> = [
        "api key", "private key", "access key", "secret key", "signing key", "encryption key", "auth key",
        "session id", "client secret", "master key", "app secret", "recovery code", "backup code",
        "recovery key",
    ]
    /// Words that make the name about the secret (its field, its length, its policy), not the secret.
    static let notSecretWords: Set<String> = [
        "length", "count", "min", "max", "minimum", "maximum", "hint", "placeholder", "label", "field", "text",
        "view", "button", "cell", "policy", "rule", "rules", "required", "enabled", "visible", "hidden", "shown",
        "expiry", "expiration", "expires", "expired", "date", "time", "timestamp", "type", "kind", "style",
        "prompt", "title", "message", "error", "errors", "valid", "invalid", "validation", "validator", "strength",
        "changed", "reset", "forgot", "url", "endpoint", "name", "names", "has", "is", "did", "should", "can",
        "needs", "will", "device", "push", "apns", "fcm", "notification", "notifications", "page", "continuation",
        "cursor", "sync", "cancellation", "cancel", "change", "manager", "provider", "service", "store", "storage",
        "controller", "delegate", "handler", "request", "response", "parser", "format", "path", "header", "mode",
        "entry", "input", "keyboard", "segue", "identifier", "pinned", "pinning", "pins", "code", "state", "status",
        "type", "lock", "unlock", "screen", "dialog", "alert", "form", "show", "toggle", "visibility", "generator",
        "reader", "writer", "scanner", "dummy", "fake", "mock", "sample", "example",
    ]

    /// Whether `name` names a secret value.
    public static func isSecret(_ name: String) -> Bool {
        let words = words(of: name)
        guard !words.isEmpty else { return false }
        var paired: Set<Int> = []
        for index in words.indices.dropLast() where secretPairs.contains(words[index] + " " + words[index + 1]) {
            paired.formUnion([index, index + 1])
        }
        if words.indices.contains(where: { !paired.contains($0) && notSecretWords.contains(words[$0]) }) {
            return false
        }
        if !paired.isEmpty { return true }
        // `passwordKey`, `tokenKey`: the name of a key under which the secret is stored.
        if words.count >= 2, words.last == "key", secretWords.contains(words[words.count - 2]) { return false }
        return words.contains(where: secretWords.contains)
    }

    /// The lowercase words of an identifier or key: `authTokenURL` → `auth`, `token`, `url`.
    public static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter else {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                continue
            }
            if character.isUppercase, !current.isEmpty {
                let previousLower = characters[index - 1].isLowercase
                let nextLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previousLower || (nextLower && current.count > 1) {
                    words.append(current.lowercased())
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}
