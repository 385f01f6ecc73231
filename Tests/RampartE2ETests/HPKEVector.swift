import Crypto
import Foundation

/// One entry of the RFC 9180 test-vector file (the fields the receiver-side checks need).
struct HPKEVector: Decodable, Sendable, CustomStringConvertible {
    struct Encryption: Decodable, Sendable {
        let aad: String
        let ct: String
        let pt: String
    }

    struct Export: Decodable, Sendable {
        let exporter_context: String
        let L: Int
        let exported_value: String
    }

    let mode: Int
    let kem_id: Int
    let kdf_id: Int
    let aead_id: Int
    let info: String
    let skRm: String
    let pkRm: String
    let pkSm: String?
    let psk: String?
    let psk_id: String?
    let enc: String
    let encryptions: [Encryption]
    let exports: [Export]

    var description: String { "mode \(mode) kem \(kem_id) kdf \(kdf_id) aead \(aead_id)" }

    var ciphersuite: HPKE.Ciphersuite? {
        let kem: HPKE.KEM
        switch kem_id {
        case 0x10: kem = .P256_HKDF_SHA256
        case 0x11: kem = .P384_HKDF_SHA384
        case 0x12: kem = .P521_HKDF_SHA512
        case 0x20: kem = .Curve25519_HKDF_SHA256
        default: return nil
        }
        let kdf: HPKE.KDF
        switch kdf_id {
        case 1: kdf = .HKDF_SHA256
        case 2: kdf = .HKDF_SHA384
        case 3: kdf = .HKDF_SHA512
        default: return nil
        }
        let aead: HPKE.AEAD
        switch aead_id {
        case 1: aead = .AES_GCM_128
        case 2: aead = .AES_GCM_256
        case 3: aead = .chaChaPoly
        case 0xffff: aead = .exportOnly
        default: return nil
        }
        return HPKE.Ciphersuite(kem: kem, kdf: kdf, aead: aead)
    }

    static let all: [HPKEVector] = load("test-vectors")
    static let more: [HPKEVector] = load("more-vectors")

    private static func load(_ name: String) -> [HPKEVector] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/hpke"),
            let data = try? Data(contentsOf: url)
        else { return [] }
        return (try? JSONDecoder().decode([HPKEVector].self, from: data)) ?? []
    }
}
