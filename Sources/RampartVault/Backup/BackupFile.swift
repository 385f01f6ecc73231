import Foundation

/// The plaintext inside a vault backup (an age file): every exportable item with its attributes,
/// protection and value. Items with an application password keep that layer sealed.
struct BackupFile: Codable, Sendable {
    static let formatName = "rampart-vault-backup"
    static let currentVersion = 1

    struct Item: Codable, Sendable {
        var itemClass: Int
        var values: [String]
        var label: String
        var comment: String
        var created: Double
        var modified: Double
        var accessibility: String
        var userPresence: Bool
        /// The value, or its application-password layer when `applicationSalt` is set.
        var value: Data
        var applicationSalt: Data?
    }

    var format: String
    var version: Int
    var items: [Item]
}
