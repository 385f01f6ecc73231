import Foundation

/// The encrypted-file formats `RampartSeal` speaks, told apart by their first bytes.
///
/// ```swift
/// switch SealFormat.detect(firstBytes) {
/// case .age?: print("age (binary or armored)")
/// case .rncryptor?: print("RNCryptor v3")
/// case nil: print("not an encrypted file Rampart knows")
/// }
/// ```
public enum SealFormat: String, Sendable, CaseIterable {
    /// age v1, binary or ASCII-armored.
    case age
    /// RNCryptor data format v3, password- or key-based.
    case rncryptor

    /// How many leading bytes ``detect(_:)`` wants to see.
    public static let detectionLength = 64

    /// The format whose header `prefix` starts with, or `nil`.
    public static func detect(_ prefix: Data) -> SealFormat? {
        if prefix.starts(with: Data("age-encryption.org/".utf8)) { return .age }
        if let first = prefix.firstIndex(where: { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }),
            prefix[first...].starts(with: Data("-----BEGIN AGE ENCRYPTED FILE-----".utf8))
        {
            return .age
        }
        if prefix.count >= 2, prefix[prefix.startIndex] == 3, prefix[prefix.startIndex + 1] <= 1 { return .rncryptor }
        return nil
    }
}
