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
        guard kem_id == 0x20 else { return nil }
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
        default: return nil
        }
        return HPKE.Ciphersuite(kem: .Curve25519_HKDF_SHA256, kdf: kdf, aead: aead)
    }

    static let all: [HPKEVector] = {
        guard
            let url = Bundle.module.url(
                forResource: "test-vectors", withExtension: "json", subdirectory: "Fixtures/hpke"),
            let data = try? Data(contentsOf: url)
        else { return [] }
        return (try? JSONDecoder().decode([HPKEVector].self, from: data)) ?? []
    }()
}

extension Data {
    /// Bytes from lowercase hex (empty for anything else: vectors are trusted fixtures).
    init(hex: String) {
        var bytes = [UInt8]()
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            func value(_ c: UInt8) -> UInt8 { c >= 97 ? c - 87 : c >= 65 ? c - 55 : c - 48 }
            bytes.append(value(high) << 4 | value(low))
        }
        self.init(bytes)
    }

    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
