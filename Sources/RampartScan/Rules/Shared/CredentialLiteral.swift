/// Whether a short string literal is a hard-coded credential by what surrounds it rather than by how random it
/// looks: real passwords are 7–14 characters and low in entropy, so RS-CRYPTO-007 also reports a literal given
/// to a credential name (`let password = "…"`, `CookiePassword`, `sessionTokenValue`), compared with one, passed
/// as a credential argument, or stored under a credential key. The name test is ``ScanSecretName``'s (its
/// words about the secret — `passwordLabel`, `passwordKey`, `passwordPlaceholder`, `…Notification`,
/// `…Identifier`, `…Title` — make a name an identifier, not a credential) plus a name whose last word is `pin`.
/// The value test rejects what is not a credential: empty or blank text, placeholders (`"password"`,
/// `"********"`, `"<password>"`, `"YOUR_API_KEY"`), format strings, URLs and paths, text with spaces (UI
/// strings); and, when only the name points at a credential, values that read as identifiers (`"UserPassword"`,
/// `"auth_token"`, `"com.app.pin"`: a defaults key, keychain item or notification name) or 4-letter codes (`"TPE1"`).
///
/// ```swift
/// CredentialLiteral.isCredentialName("CookiePassword")               // true
/// CredentialLiteral.isCredentialName("passwordLabel")                // false
/// CredentialLiteral.isCredential("ev8848@1953", nameOnly: true)      // true
/// CredentialLiteral.isCredential("UserPassword", nameOnly: true)     // false
/// ```
enum CredentialLiteral {
    /// Values that stand for a credential rather than being one.
    static let placeholders: Set<String> = [
        "password", "passwd", "pass", "pwd", "passcode", "secret", "token", "pin", "key", "apikey", "api_key",
        "none", "null", "nil", "undefined", "default", "changeme", "username", "user",
    ]
    static let placeholderParts = [
        "your", "xxx", "placeholder", "example", "changeme", "insert", "replace", "redacted", "${", "$(", "{{",
        "<", ">",
    ]
    /// Words that make an identifier-like value a key name: `"UserPassword"`, `"auth_token"`.
    static let keyWords: Set<String> = ["key", "id", "identifier", "name", "item", "account", "service"]

    /// Whether `name` (a variable, property, constant, argument label or dictionary key) names a credential.
    /// An API or client key (`GoogleAnalyticsApiKey`, `clientToken`) is often a publishable identifier meant to
    /// ship (analytics, Parse, RevenueCat): unless a password word is in the name too, it is left to the
    /// entropy test of the rules that call this.
    static func isCredentialName(_ name: String) -> Bool {
        let words = ScanSecretName.words(of: name)
        if words.contains(where: clientWords.contains), !words.contains(where: passwordWords.contains) {
            return false
        }
        return ScanSecretName.isSecret(name) || words.last == "pin"
    }

    static let clientWords: Set<String> = ["api", "apikey", "client", "publishable", "analytics", "tracking"]
    /// Words that say a name holds a password or a shared secret, whatever else it says.
    static let passwordWords: Set<String> = [
        "password", "passwd", "passcode", "passphrase", "pwd", "secret", "pin",
    ]

    /// Whether `value` can be a credential. `nameOnly`: nothing but the name says it is one (no comparison, no
    /// credential argument), so values that read as identifiers are left alone.
    static func isCredential(_ value: String, nameOnly: Bool) -> Bool {
        guard value.count >= 4, value.count <= 256, !value.contains(where: { $0.isWhitespace || $0.isNewline })
        else { return false }
        let lowered = value.lowercased()
        if placeholders.contains(lowered) || placeholderParts.contains(where: lowered.contains) { return false }
        if let first = value.first, value.allSatisfy({ $0 == first }) { return false }
        if value.contains("://") || value.hasPrefix("/") || isFormat(value) { return false }
        if nameOnly, looksLikeIdentifier(value) { return false }
        return true
    }

    /// `%@`, `%d`, `%1$s`, `%.2f`: a format string, filled in at run time.
    static func isFormat(_ value: String) -> Bool {
        let characters = Array(value)
        for (index, character) in characters.enumerated() where character == "%" && index + 1 < characters.count {
            var next = index + 1
            while next < characters.count, characters[next].isNumber || "$.-l".contains(characters[next]) {
                next += 1
            }
            if next < characters.count, "@dsiufxXc".contains(characters[next]) { return true }
        }
        return false
    }

    /// Letters only (no digits, no symbols but `.`, `_`, `-`) and either several parts joined by those symbols,
    /// CamelCase words one of which names a credential or a key (`"UserPassword"`, `"kAuthTokenKey"`), or a short
    /// upper-case code (`"TPE1"`, an ID3 frame).
    static func looksLikeIdentifier(_ value: String) -> Bool {
        if value.count <= 4, value.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) { return true }
        guard value.allSatisfy({ $0.isASCII && ($0.isLetter || "._-".contains($0)) }) else { return false }
        if value.contains(where: { "._".contains($0) }) { return true }
        let words = ScanSecretName.words(of: value)
        guard words.count >= 2 else { return false }
        return words.contains { keyWords.contains($0) || ScanSecretName.secretWords.contains($0) || $0 == "pin" }
    }
}
