import Crypto
import Foundation

/// The random inputs of one seal: the file key, the payload nonce and, when recorded, the recipient
/// entries. ``E2E`` draws fresh ones for every message; tests inject fixed ones (a `package` seam,
/// so release test runs use it too) to rebuild the regression vectors in
/// `Tests/RampartE2ETests/Fixtures/e2e-vectors.json` byte for byte.
///
/// swift-crypto's HPKE draws each encapsulation's ephemeral key itself, so a vector records its
/// entries (`enc ‖ wrapped`) instead; a known-answer test checks that each recipient's entry opens
/// to the vector's file key, then seals with these entries and compares every byte.
///
/// ```swift
/// let fixed = E2ESealRandomness(fileKey: key, nonce: nonce, entries: recorded)
/// try E2E.seal(from: &source, to: &sink, recipients: keys, sender: alice, randomness: fixed)
/// ```
package struct E2ESealRandomness: Sendable {
    /// The 32-byte file key every entry wraps.
    package var fileKey: Data
    /// The 16-byte payload nonce.
    package var nonce: Data
    /// Recorded recipient entries, one per recipient in order; `nil`: encapsulate afresh.
    package var entries: [E2EEnvelope.Entry]?

    package init(fileKey: Data, nonce: Data, entries: [E2EEnvelope.Entry]? = nil) {
        self.fileKey = fileKey
        self.nonce = nonce
        self.entries = entries
    }

    /// Fresh randomness from the system's CSPRNG (what every public seal uses).
    package static func fresh() -> E2ESealRandomness {
        E2ESealRandomness(
            fileKey: SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) },
            nonce: SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }
}
