import Foundation
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing

/// Private keys read for TLS client identities: the PEM forms openssl writes, and what is refused.
@Suite("SigningKey")
struct SigningKeyTests {
    /// `key` rewritten by `openssl ARGS` (the key on standard input, the result on standard output).
    static func openssl(_ key: String, _ arguments: [String]) async throws -> [UInt8] {
        let result = try await PeerProcess.runAsync("openssl", arguments, input: Data(key.utf8))
        #expect(result.exitCode == 0, "openssl \(arguments): \(result.standardErrorText)")
        return Array(result.standardOutput)
    }

    @Test(
        "P-256, P-384 and RSA keys in PKCS#8, SEC1 and PKCS#1, as openssl writes them, are read and match their certificate",
        arguments: [
            (LabKeyAlgorithm.p256, ["pkey"], "P-256"), (.p256, ["ec"], "P-256"), (.p384, ["pkey"], "P-384"),
            (.p384, ["ec"], "P-384"), (.rsa2048, ["pkey"], "RSA-2048"),
            (.rsa2048, ["rsa", "-traditional"], "RSA-2048"),
        ])
    func readsOpenSSLForms(algorithm: LabKeyAlgorithm, command: [String], kind: String) async throws {
        let identity = try LabPKI.shared().clientIdentity(algorithm)
        let pem = try await Self.openssl(try identity.privateKeyPEM, command)
        let label = String(decoding: pem, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let key = try SigningKey(pemEncoded: Array("text before the block\n".utf8) + pem, source: "client.key")
        #expect(key.kind == kind, "\(label)")
        try key.check(matches: identity.certificate, source: "client.key")
    }

    @Test("A key that is not the certificate's is refused, naming the certificate")
    func mismatch() throws {
        let pki = try LabPKI.shared()
        let key = try SigningKey(pemEncoded: Array(try pki.clientIdentity(.p256).privateKeyPEM.utf8), source: "k.pem")
        let other = try pki.clientIdentity(.p256, name: "someone else")
        #expect(
            throws: SigningKeyError.doesNotMatchCertificate(
                source: "k.pem", certificate: "'\(other.certificate.subject)'")
        ) {
            try key.check(matches: other.certificate, source: "k.pem")
        }
    }

    @Test("Encrypted keys, PKCS#8 and OpenSSL's legacy form, are refused as encrypted")
    func encrypted() async throws {
        let key = try LabPKI.shared().clientIdentity(.p256).privateKeyPEM
        for command in [
            ["pkey", "-aes256", "-passout", "pass:lab"], ["ec", "-aes256", "-passout", "pass:lab"],
        ] {
            let pem = try await Self.openssl(key, command)
            #expect(throws: SigningKeyError.encrypted(source: "enc.pem")) {
                try SigningKey(pemEncoded: pem, source: "enc.pem")
            }
        }
    }

    @Test("P-521, Ed25519 and RSA-1024 keys are refused as unsupported, naming their kind")
    func unsupported() throws {
        let cases: [(LabKeyAlgorithm, String)] = [
            (.p521, "a P-521 key"), (.ed25519, "an Ed25519 key"), (.rsa1024, "an RSA key of fewer than 2048 bits"),
        ]
        for (algorithm, kind) in cases {
            let pem = try LabPKI.shared().clientIdentity(algorithm).privateKeyPEM
            #expect(throws: SigningKeyError.unsupported(source: "k.pem", kind: kind)) {
                try SigningKey(pemEncoded: Array(pem.utf8), source: "k.pem")
            }
        }
    }

    @Test("No key block, two keys, and a corrupt key are malformed, each saying what is wrong")
    func malformed() throws {
        let pem = try LabPKI.shared().clientIdentity(.p256).privateKeyPEM
        let certificate = try LabPKI.shared().root.certificatePEM
        let corrupt = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
        let cases: [(String, String)] = [
            ("not a key at all", "not PEM"), (certificate, "none labelled PRIVATE KEY"),
            (pem + "\n" + pem, "holds 2 private keys"), (corrupt, "does not decode as a key"),
        ]
        for (text, reason) in cases {
            do {
                _ = try SigningKey(pemEncoded: Array(text.utf8), source: "k.pem")
                Issue.record("\(reason): accepted")
            } catch {
                guard case .malformed(let source, let said) = error else {
                    Issue.record("\(reason): \(error)")
                    continue
                }
                #expect(source == "k.pem")
                #expect(said.contains(reason), "\(said)")
            }
        }
    }
}
