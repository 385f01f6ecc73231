import Foundation
import RampartVault

/// Identities kept in a `Vault` item (class `key`, application tag `rampart-e2e:<name>`), so the
/// secret lives encrypted under the vault's keys instead of in a file.
///
/// ```swift
/// try E2EVaultIdentity.store(alice, as: "alice", in: vault)
/// let again = try E2EVaultIdentity.load("alice", from: vault)
/// ```
public enum E2EVaultIdentity {
    /// The vault item for the identity named `name`.
    public static func item(_ name: String) -> ItemIdentity { .key(applicationTag: "rampart-e2e:\(name)") }

    /// Stores `identity` under `name`, replacing any identity stored under it.
    public static func store(_ identity: E2EIdentity, as name: String, in vault: Vault) throws(E2EError) {
        do {
            try vault.set(Data(identity.secretText.utf8), for: item(name))
        } catch {
            throw .vault(error)
        }
    }

    /// The identity stored under `name`.
    public static func load(_ name: String, from vault: Vault) throws(E2EError) -> E2EIdentity {
        let value: Data
        do {
            value = try vault.value(for: item(name))
        } catch {
            throw .vault(error)
        }
        return try E2EIdentity(String(decoding: value, as: UTF8.self))
    }
}
