import Foundation

/// What the encrypted attributes column holds: the full primary key (so listings can show it),
/// the caller's attributes and the dates.
struct StoredAttributes: Codable, Sendable {
    var values: [String]
    var label: String
    var comment: String
    var created: Double
    var modified: Double

    func encoded() throws(VaultError) -> Data {
        do { return try JSONEncoder().encode(self) } catch { throw .io("cannot encode an item's attributes") }
    }

    static func decode(_ data: Data) -> StoredAttributes? {
        try? JSONDecoder().decode(StoredAttributes.self, from: data)
    }
}
