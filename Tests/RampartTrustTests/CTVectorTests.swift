import Foundation
import RampartTrust
import Testing

/// RFC 6962 test data from google/certificate-transparency (Fixtures/ct, see its README): SCT
/// parsing, the rebuilt precertificate entry, and both log key types.
@Suite("Certificate Transparency: RFC 6962 vectors")
struct CTVectorTests {
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures/ct/" + name, withExtension: nil))
    }

    static func certificate(_ name: String) throws -> EncodedCertificate {
        try #require(try CertificateFile.readEncoded(url(name)).first)
    }

    /// The SPKI DER of a PEM public key file.
    static func publicKey(_ name: String) throws -> [UInt8] {
        let text = try String(contentsOf: url(name), encoding: .utf8)
        let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Array(try #require(Data(base64Encoded: body)))
    }

    static func log(_ keyFile: String) throws -> CTLog {
        CTLog(
            key: try publicKey(keyFile), description: keyFile, operatorName: "test", state: .usable(since: .distantPast)
        )
    }

    @Test(
        "each embedded SCT parses, names the test log, and verifies over the rebuilt precertificate entry",
        arguments: [
            ("test-embedded-cert.pem", "ca-cert.pem", "test-embedded-pre-cert.proof"),
            ("test-embedded-with-preca-cert.pem", "ca-cert.pem", "test-embedded-with-preca-pre-cert.proof"),
            (
                "test-embedded-with-intermediate-cert.pem", "intermediate-cert.pem",
                "test-embedded-with-intermediate-pre-cert.proof"
            ),
            (
                "test-embedded-with-intermediate-preca-cert.pem", "intermediate-cert.pem",
                "test-embedded-with-intermediate-preca-pre-cert.proof"
            ),
        ])
    func embedded(leafName: String, issuerName: String, proofName: String) throws {
        let leaf = try Self.certificate(leafName)
        let issuer = try Self.certificate(issuerName)
        let log = try Self.log("ct-server-key-public.pem")
        let scts = try SignedCertificateTimestamp.embedded(in: leaf)
        #expect(scts.count == 1)
        let sct = try #require(scts.first)
        #expect(sct.version == 0 && sct.logID == log.id && sct.hashAlgorithm == 4 && sct.signatureAlgorithm == 3)
        // The SCT the log returned for the precertificate is the one the CA embedded.
        let proof = [UInt8](try Data(contentsOf: Self.url(proofName)))
        #expect(sct.serialized == proof)
        let spki = try #require(issuer.subjectPublicKeyInfo)
        let entry = try CTSignedEntry.precertificate(leafDER: leaf.derBytes, issuerSubjectPublicKeyInfoDER: spki)
        #expect(log.verifies(sct, over: entry))
        // Over the whole certificate, or with another issuer's key hash, it does not.
        #expect(!log.verifies(sct, over: .certificate(leaf.derBytes)))
        let other = try Self.certificate(issuerName == "ca-cert.pem" ? "intermediate-cert.pem" : "ca-cert.pem")
        let wrongIssuer = try CTSignedEntry.precertificate(
            leafDER: leaf.derBytes, issuerSubjectPublicKeyInfoDER: try #require(other.subjectPublicKeyInfo))
        #expect(!log.verifies(sct, over: wrongIssuer))
    }

    @Test("the rebuilt TBS drops only the SCT list: its OID is gone, the poison-free precertificate TBS remains")
    func rebuiltTBS() throws {
        let leaf = try Self.certificate("test-embedded-cert.pem")
        guard
            case .precertificate(_, let rebuilt) = try CTSignedEntry.precertificate(
                leafDER: leaf.derBytes, issuerSubjectPublicKeyInfoDER: [])
        else {
            Issue.record("not a precertificate entry")
            return
        }
        let sctOID: [UInt8] = [0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01, 0xD6, 0x79, 0x02, 0x04, 0x02]
        func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
            bytes.indices.contains { bytes[$0...].starts(with: part) }
        }
        #expect(contains(leaf.derBytes, sctOID))
        #expect(!contains(rebuilt, sctOID))
        #expect(rebuilt.first == 0x30 && rebuilt.count < leaf.derBytes.count)
        // The precertificate holds the same TBS plus its poison extension (OID …11129.2.4.3, NULL).
        let precertificate = try Self.certificate("test-embedded-pre-cert.pem")
        let poisonOID: [UInt8] = [0x06, 0x0A, 0x2B, 0x06, 0x01, 0x04, 0x01, 0xD6, 0x79, 0x02, 0x04, 0x03]
        #expect(contains(precertificate.derBytes, poisonOID) && !contains(rebuilt, poisonOID))
    }

    @Test("x509_entry SCTs (ECDSA and RSA logs) verify over the whole certificate")
    func x509Entries() throws {
        let ecdsa = try Self.log("ct-server-key-public.pem")
        let rsa = try Self.log("rsa/ct-server-key-public-rsa.pem")
        for (certificate, proof, log) in [
            ("test-cert.pem", "test-cert.proof", ecdsa),
            ("test-intermediate-cert.pem", "test-intermediate-cert.proof", ecdsa),
            ("test-cert.pem", "rsa/test-cert-rsa.proof", rsa),
        ] {
            let leaf = try Self.certificate(certificate)
            let bytes = [UInt8](try Data(contentsOf: Self.url(proof)))
            var list = [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
            list = [UInt8(list.count >> 8), UInt8(list.count & 0xFF)] + list
            let sct = try #require(try SignedCertificateTimestamp.list(tlsEncoded: list, origin: .tlsExtension).first)
            #expect(sct.logID == log.id, "\(proof)")
            #expect(log.verifies(sct, over: .certificate(leaf.derBytes)), "\(proof)")
            var altered = sct
            altered.timestamp += 1
            #expect(!log.verifies(altered, over: .certificate(leaf.derBytes)), "\(proof)")
        }
    }

    @Test("the RSA log's SCT for the precertificate verifies over the same rebuilt entry")
    func rsaPrecertificate() throws {
        let leaf = try Self.certificate("test-embedded-cert.pem")
        let issuer = try Self.certificate("ca-cert.pem")
        let rsa = try Self.log("rsa/ct-server-key-public-rsa.pem")
        let bytes = [UInt8](try Data(contentsOf: Self.url("rsa/test-embedded-pre-cert-rsa.proof")))
        var list = [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
        list = [UInt8(list.count >> 8), UInt8(list.count & 0xFF)] + list
        let sct = try #require(try SignedCertificateTimestamp.list(tlsEncoded: list, origin: .embedded).first)
        #expect(sct.signatureAlgorithm == 1)
        let entry = try CTSignedEntry.precertificate(
            leafDER: leaf.derBytes, issuerSubjectPublicKeyInfoDER: try #require(issuer.subjectPublicKeyInfo))
        #expect(rsa.verifies(sct, over: entry))
    }

    @Test("the invalid embedded SCT (taken from another certificate) does not verify")
    func invalid() throws {
        let leaf = try Self.certificate("test-invalid-embedded-cert.pem")
        let issuer = try Self.certificate("ca-cert.pem")
        let log = try Self.log("ct-server-key-public.pem")
        let sct = try #require(try SignedCertificateTimestamp.embedded(in: leaf).first)
        let entry = try CTSignedEntry.precertificate(
            leafDER: leaf.derBytes, issuerSubjectPublicKeyInfoDER: try #require(issuer.subjectPublicKeyInfo))
        #expect(!log.verifies(sct, over: entry))
    }

    @Test(
        "malformed lists are refused; unknown versions are skipped",
        arguments: [
            ([0x00, 0x00], "empty"), ([0x00, 0x05, 0x00, 0x01], "overrun"), ([0x00, 0x02, 0x00, 0x00], "empty SCT"),
        ] as [([UInt8], String)])
    func malformed(bytes: [UInt8], label: String) {
        #expect(throws: TrustError.self, "\(label)") {
            try SignedCertificateTimestamp.list(tlsEncoded: bytes, origin: .tlsExtension)
        }
    }

    @Test("an SCT of an unknown version is skipped; trailing bytes after the list are refused")
    func versions() throws {
        let future: [UInt8] = [0x01, 0xAA, 0xBB]
        let list: [UInt8] = [0x00, 0x05, 0x00, 0x03] + future
        #expect(try SignedCertificateTimestamp.list(tlsEncoded: list, origin: .tlsExtension).isEmpty)
        #expect(throws: TrustError.self) {
            try SignedCertificateTimestamp.list(tlsEncoded: list + [0], origin: .tlsExtension)
        }
    }
}
