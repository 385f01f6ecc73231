// Fuzzes the reading of TLS client private keys (`SigningKey(pemEncoded:source:)`: PEM through
// `PEMBlock`, then swift-crypto's P-256, P-384 and RSA decoders, swift-certificates naming the
// rest): reading is deterministic; a key read has a kind that fits its case; its PEM written back
// reads back as a key with the same public key; `holdsKey` is true whenever a key was read.
import Foundation
import RampartTrust
import X509

enum FuzzSigningKey {
    static let target = FuzzTarget(
        name: "signing-key", maxLength: 16 * 1024,
        summary: "SigningKey(pemEncoded:): PEM PKCS#8, SEC1 and PKCS#1 private keys (P-256, P-384, RSA)", run: run)

    static func run(_ data: Data) {
        let name = target.name
        let bytes = Array(data)
        let first = Result { () throws(SigningKeyError) in try SigningKey(pemEncoded: bytes, source: "fuzz") }
        let second = Result { () throws(SigningKeyError) in try SigningKey(pemEncoded: bytes, source: "fuzz") }
        switch (first, second) {
        case (.failure(let a), .failure(let b)):
            FuzzCheck.require(a == b, name, "reading the same bytes twice gives different errors")
            return
        case (.success(let a), .success(let b)):
            FuzzCheck.require(
                a.publicKey.subjectPublicKeyInfoBytes == b.publicKey.subjectPublicKeyInfoBytes, name,
                "reading the same bytes twice gives different keys")
        default:
            FuzzCheck.fail(name, "reading the same bytes twice succeeds once and fails once")
        }
        guard case .success(let key) = first else { return }
        FuzzCheck.require(SigningKey.holdsKey(bytes), name, "a key was read from bytes holdsKey says have none")
        switch key {
        case .p256: FuzzCheck.require(key.kind == "P-256", name, "a P-256 key is named \(key.kind)")
        case .p384: FuzzCheck.require(key.kind == "P-384", name, "a P-384 key is named \(key.kind)")
        case .rsa:
            let bits = Int(key.kind.dropFirst("RSA-".count)) ?? 0
            FuzzCheck.require(key.kind.hasPrefix("RSA-") && bits >= 2048, name, "an RSA key is named \(key.kind)")
        }
        guard let pem = try? key.certificateKey.serializeAsPEM().pemString else {
            FuzzCheck.fail(name, "a key that was read does not serialize as PEM")
        }
        let again = try? SigningKey(pemEncoded: Array(pem.utf8), source: "fuzz")
        FuzzCheck.require(
            again?.publicKey.subjectPublicKeyInfoBytes == key.publicKey.subjectPublicKeyInfoBytes, name,
            "a key written back as PEM does not read back as the same key")
    }
}
