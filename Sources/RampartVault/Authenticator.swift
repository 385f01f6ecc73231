/// Confirms the user's presence before the vault reads an item protected with
/// `ItemProtection(userPresence: true)`. The vault asks before each such read.
///
/// ```swift
/// struct AskAgain: Authenticator {
///     func confirmPresence(reason: String) -> Bool { promptForPassphraseAndCheck(reason) }
/// }
/// let vault = try Vault(path: path, authenticator: AskAgain())
/// ```
public protocol Authenticator: Sendable {
    /// `true` when the user confirmed; `reason` names the item (never its value).
    func confirmPresence(reason: String) -> Bool
}
