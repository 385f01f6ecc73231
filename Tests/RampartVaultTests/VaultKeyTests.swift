import Crypto
import Foundation
import RampartVault
import Testing
import _CryptoExtras

@Suite("Private keys as key items")
struct VaultKeyTests {
    @Test func everyKeyTypeRoundTrips() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        let p256 = P256.Signing.PrivateKey()
        let p384 = P384.Signing.PrivateKey()
        let ed25519 = Curve25519.Signing.PrivateKey()
        let x25519 = Curve25519.KeyAgreement.PrivateKey()
        let rsa = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        try vault.setKey(.p256(p256), applicationTag: "p256")
        try vault.setKey(.p384(p384), applicationTag: "p384", label: "backup")
        try vault.setKey(.curve25519Signing(ed25519), applicationTag: "ed25519")
        try vault.setKey(.curve25519KeyAgreement(x25519), applicationTag: "x25519", applicationPassword: "pw")
        try vault.setKey(.rsa(rsa), applicationTag: "rsa")

        guard case .p256(let readP256) = try vault.privateKey(applicationTag: "p256"),
            case .p384(let readP384) = try vault.privateKey(applicationTag: "p384", label: "backup"),
            case .curve25519Signing(let readEd) = try vault.privateKey(applicationTag: "ed25519"),
            case .curve25519KeyAgreement(let readX) = try vault.privateKey(
                applicationTag: "x25519", applicationPassword: "pw"),
            case .rsa(let readRSA) = try vault.privateKey(applicationTag: "rsa")
        else {
            Issue.record("a key came back as another type")
            return
        }
        #expect(readP256.rawRepresentation == p256.rawRepresentation)
        #expect(readP384.rawRepresentation == p384.rawRepresentation)
        #expect(readEd.rawRepresentation == ed25519.rawRepresentation)
        #expect(readX.rawRepresentation == x25519.rawRepresentation)
        #expect(readRSA.derRepresentation == rsa.derRepresentation)
        #expect(status { _ = try vault.privateKey(applicationTag: "p384") } == -25300)
        try vault.set(Data(text: "not a key"), for: .key(applicationTag: "plain"))
        #expect(status { _ = try vault.privateKey(applicationTag: "plain") } == -50)
    }
}
