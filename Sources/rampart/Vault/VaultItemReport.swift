import Foundation
import RampartVault

/// One item in `rampart vault ls --format json` and `vault get --format json`: its names, protection,
/// label and times. `vault get` adds the value's size, and the value itself only with
/// `--include-value`. Schemas: `docs/schemas/vault-ls.schema.json`, `docs/schemas/vault-get.schema.json`.
struct VaultItemReport: Encodable {
    var service: String
    var account: String
    var accessibility: String
    var label: String
    var created: Date
    var modified: Date
    /// `vault get`: the value's size in bytes.
    var valueBytes: Int?
    /// `vault get --include-value`: the value, when it is UTF-8.
    var value: String?
    /// `vault get --include-value`: the value in base64, when it is not UTF-8.
    var valueBase64: String?

    init(_ item: VaultItem) {
        service = item.identity[ItemField.service] ?? ""
        account = item.identity[ItemField.account] ?? ""
        accessibility = item.protection.accessibility.description
        label = item.attributes.label
        created = item.created
        modified = item.modified
    }
}
