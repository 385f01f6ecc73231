import Foundation

@testable import RampartE2E

/// Rampart's end-to-end regression vectors (`Fixtures/e2e-vectors.json`, origin in
/// `Fixtures/ORIGIN-e2e.md`): keys, the random inputs of each seal (file key, nonce and the
/// recorded HPKE entries), the derived keys, the plaintext and the exact envelope bytes, plus
/// safety numbers. Hex is lowercase.
struct E2EVectorFile: Codable {
    var origin: String
    var vectors: [E2EVector]
    var safetyNumbers: [SafetyNumberVector]

    static func load() throws -> E2EVectorFile {
        guard let url = Bundle.module.url(forResource: "e2e-vectors", withExtension: "json", subdirectory: "Fixtures")
        else { throw CocoaError(.fileNoSuchFile) }
        return try JSONDecoder().decode(E2EVectorFile.self, from: Data(contentsOf: url))
    }

    /// Where the generator writes the file: the source tree, beside this file.
    static var sourceURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/e2e-vectors.json")
    }
}

/// One key of a vector: its secret bytes, the identity line, the public key and its key ID.
struct E2EKeyVector: Codable {
    /// `kem_secret ‖ ed25519_seed [‖ mldsa65_seed]`, hex.
    var secret: String
    /// The `RAMPART-SECRET-KEY-…1…` line.
    var identity: String
    /// The `rampart1…` line.
    var publicKey: String
    /// The typed key (`kind ‖ public key bytes`), hex.
    var typedKey: String
    /// 16 hex digits.
    var keyID: String
}

/// One envelope.
struct E2EVector: Codable, CustomStringConvertible {
    var name: String
    /// `classic`, `nist` or `post-quantum`.
    var kind: String
    /// The HPKE AEAD of the entries: `0x0003` ChaCha20-Poly1305 or `0x0002` AES-256-GCM.
    var aeadID: UInt16
    var recipients: [E2EKeyVector]
    var sender: E2EKeyVector?
    var fileKey: String
    var nonce: String
    /// HMAC-SHA256 of the header before it, under HKDF(file_key, "", "rampart-e2e/v2 header").
    var headerMAC: String
    /// HKDF(file_key, nonce, "rampart-e2e/v2 payload" ‖ SHA-256(header)).
    var payloadKey: String
    /// The message (without sender block or signature).
    var message: String
    var envelope: String
    /// Whether sealing again with the same inputs gives the same bytes: false for post-quantum
    /// signed vectors (swift-crypto's ML-DSA-65 signatures are randomised).
    var reproducible: Bool
    var description: String { name }

    var keyKind: E2EKeyKind {
        switch kind {
        case "nist": return .nist
        case "post-quantum": return .postQuantum
        default: return .classic
        }
    }
}

/// The safety number of two public keys.
struct SafetyNumberVector: Codable, CustomStringConvertible {
    var first: String
    var second: String
    var digits: String
    var qrPayload: String
    var description: String { "\(first.prefix(16))… + \(second.prefix(16))…" }
}
