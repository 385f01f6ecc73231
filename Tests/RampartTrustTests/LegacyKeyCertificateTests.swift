import Foundation
import RampartTestKit
import RampartTestSupport
import Testing
import X509

@testable import RampartTrust

/// Certificates whose key swift-certificates refuses to decode, made by the real `openssl`, read
/// through the DER walk and compared with openssl's own view of them.
@Suite("Certificates with keys swift-certificates does not decode")
struct LegacyKeyCertificateTests {
    /// One self-signed certificate made by `openssl req -x509`, with openssl's pin, fingerprint
    /// and validity for it.
    struct Made {
        var pem: URL
        var der: URL
        var pin: String
        var sha256: String
        var notBefore: Date
        var notAfter: Date
    }

    /// `key`: `rsa:BITS`, `dsa:BITS`, `ec:CURVE` or an algorithm name (`ed448`).
    static func make(key: String, digest: String = "-sha256", subject: String = "/CN=legacy/O=Rampart Test")
        async throws -> Made
    {
        let folder = try ScratchFolder.shared().subfolder("legacy")
        let pem = folder.appendingPathComponent("cert.pem")
        let der = folder.appendingPathComponent("cert.der")
        var newKey = ["-newkey", key]
        if key.hasPrefix("ec:") {
            newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:" + key.dropFirst(3)]
        } else if key.hasPrefix("dsa:") {
            let parameters = folder.appendingPathComponent("dsa-parameters.pem").path
            try await openssl([
                "genpkey", "-genparam", "-algorithm", "DSA", "-pkeyopt", "dsa_paramgen_bits:" + key.dropFirst(4),
                "-out", parameters,
            ])
            newKey = ["-newkey", "dsa:" + parameters]
        }
        try await openssl(
            [
                "req", "-x509", "-nodes", digest, "-days", "30", "-subj", subject, "-keyout",
                folder.appendingPathComponent("key.pem").path, "-out", pem.path,
            ]
                + newKey + ["-addext", "subjectAltName=DNS:legacy.example.com"])
        try await openssl(["x509", "-in", pem.path, "-outform", "der", "-out", der.path])
        let pipeline =
            "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        let pin = try await PeerProcess.runAsync("sh", ["-c", pipeline, "sh", pem.path]).standardOutputText
        let fingerprint = try await openssl(["x509", "-in", pem.path, "-noout", "-fingerprint", "-sha256"])
        let dates = try await openssl([
            "x509", "-in", pem.path, "-noout", "-startdate", "-enddate", "-dateopt", "iso_8601",
        ])
        func date(_ field: String) throws -> Date {
            let line = try #require(dates.split(separator: "\n").first { $0.hasPrefix(field + "=") })
            let text = line.dropFirst(field.count + 1).replacingOccurrences(of: " ", with: "T")
            return try #require(ISO8601DateFormatter().date(from: text))
        }
        return Made(
            pem: pem, der: der, pin: "sha256/" + pin.trimmingCharacters(in: .whitespacesAndNewlines),
            sha256: String(try #require(fingerprint.split(separator: "=").last))
                .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ":", with: "").lowercased(),
            notBefore: try date("notBefore"), notAfter: try date("notAfter"))
    }

    @discardableResult
    static func openssl(_ arguments: [String]) async throws -> String {
        let result = try await PeerProcess.runAsync("openssl", arguments)
        try #require(result.exitCode == 0, "openssl \(arguments.joined(separator: " ")): \(result.standardErrorText)")
        return result.standardOutputText
    }

    @Test(
        "are read, summarized and pinned as openssl pins them; weak ones say why",
        arguments: [
            ("rsa:1024", "RSA", 1024, "under the 2048-bit minimum"),
            ("rsa:1536", "RSA", 1536, "under the 2048-bit minimum"),
            ("ed448", "Ed448", 456, nil),
            ("dsa:2048", "DSA", 2048, "FIPS 186-5 withdrew DSA"),
            ("ec:secp256k1", "EC secp256k1", 256, nil),
            ("ec:P-192", "EC P-192", 192, "under 224 bits"),
            ("ec:P-224", "EC P-224", 224, nil),
            ("ec:brainpoolP256r1", "EC brainpoolP256r1", 256, nil),
        ] as [(String, String, Int, String?)])
    func legacy(key: String, type: String, bits: Int, weakness: String?) async throws {
        let made = try await Self.make(key: key)
        let fromPEM = try CertificateFile.readEncoded(made.pem)
        let fromDER = try CertificateFile.readEncoded(made.der)
        #expect(fromPEM == fromDER)
        let encoded = try #require(fromPEM.first)
        #expect(fromPEM.count == 1)
        #expect(
            encoded.certificate == nil, "swift-certificates decodes \(key) now; this test no longer covers the walk")
        let summary = try CertificateSummary(encoded)
        #expect(summary.spkiPin.description == made.pin)
        #expect(try encoded.spkiPin == summary.spkiPin)
        #expect(summary.certificateSHA256 == made.sha256)
        #expect(summary.keyType == type)
        #expect(summary.keyBits == bits)
        #expect(summary.subject == "O=Rampart Test,CN=legacy")  // swift-certificates' order (RFC 4514)
        #expect(summary.issuer == summary.subject)
        #expect(summary.notValidBefore == made.notBefore)
        #expect(summary.notValidAfter == made.notAfter)
        #expect(summary.isCertificateAuthority)  // openssl req -x509 marks its certificates CA:TRUE
        if let weakness {
            #expect(summary.weaknesses.contains { $0.contains(weakness) }, "\(summary.weaknesses)")
        } else {
            #expect(summary.weaknesses.isEmpty, "\(summary.weaknesses)")
        }
        #expect(try CertificateSummary(derEncoded: encoded.derBytes) == summary)
        let names = try #require(try encoded.extensions.subjectAlternativeNames)
        #expect(names.contains(.dnsName("legacy.example.com")))
        let plist = try PinConfigurationExport.nsPinnedDomains(domain: "legacy.example.com", chain: fromPEM)
        #expect(String(decoding: plist, as: UTF8.self).contains(summary.spkiPin.base64))
        // The Certificate-returning reader still refuses it, and says why.
        #expect {
            try CertificateFile.read(made.pem)
        } throws: { error in
            guard let error = error as? TrustError, case .malformedCertificate(_, let reason) = error else {
                return false
            }
            return reason.contains("swift-certificates does not decode")
                && reason.contains(type)
        }
    }

    @Test("the signature algorithm is named, and MD5 or SHA-1 signatures are weak")
    func signatures() async throws {
        let sha1 = try await Self.make(key: "rsa:1024", digest: "-sha1")
        let summary = try CertificateSummary(try #require(try CertificateFile.readEncoded(sha1.pem).first))
        #expect(summary.signatureAlgorithm.name == "sha1WithRSAEncryption")
        #expect(summary.weaknesses.count == 2)
        #expect(summary.weaknesses.contains { $0.contains("SHA-1") })
        let dsa = try await Self.make(key: "dsa:1024")
        let dsaSummary = try CertificateSummary(try #require(try CertificateFile.readEncoded(dsa.der).first))
        #expect(dsaSummary.signatureAlgorithm.name == "dsaWithSHA256")
    }

    @Test("a SHA-1 signature is a weakness on keys swift-certificates decodes too, and nothing else changes")
    func decodedPath() async throws {
        let made = try await Self.make(key: "rsa:2048", digest: "-sha1")
        let encoded = try #require(try CertificateFile.readEncoded(made.pem).first)
        let certificate = try #require(encoded.certificate)
        let summary = try CertificateSummary(encoded)
        #expect(summary == (try CertificateSummary(certificate)))
        #expect(summary.keyType == "RSA")
        #expect(summary.keyBits == 2048)
        #expect(summary.spkiPin == (try SPKIPin(certificate: certificate)))
        #expect(summary.spkiPin.description == made.pin)
        #expect(summary.weaknesses.count == 1)
        #expect(summary.weaknesses.first?.contains("SHA-1") == true)
        #expect(try CertificateFile.read(made.pem) == [certificate])
    }

    @Test(
        "the DER walk reads what swift-certificates reads",
        arguments: [LabScenario.good, .rsa2048, .p384, .p521, .ed25519, .sha1Signed, .expired])
    func walkAgrees(scenario: LabScenario) throws {
        for certificate in try LabPKI.shared().chain(scenario).served {
            let structure = try CertificateStructure(derEncoded: try certificate.derBytes)
            #expect(structure.subject == certificate.subject)
            #expect(structure.issuer == certificate.issuer)
            #expect(structure.notValidBefore == certificate.notValidBefore)
            #expect(structure.notValidAfter == certificate.notValidAfter)
            #expect(structure.extensions == certificate.extensions)
            #expect(
                SPKIPin(subjectPublicKeyInfoDER: structure.subjectPublicKeyInfo)
                    == (try SPKIPin(certificate: certificate)))
            #expect(
                SignatureAlgorithmName.describe(structure.signatureAlgorithm)
                    == String(describing: certificate.signatureAlgorithm))
            let key = try PublicKeyDescription(subjectPublicKeyInfo: structure.subjectPublicKeyInfo)
            let summary = try CertificateSummary(certificate)
            #expect(key.type == summary.keyType)
            #expect(key.bits == summary.keyBits)
        }
    }

    @Test(
        "bytes that are not a certificate are still refused with a clear reason",
        arguments: ["truncated-pem", "garbage-der-in-pem", "trailing-bytes", "spki-only"])
    func refuses(kind: String) async throws {
        let made = try await Self.make(key: "rsa:1024")
        let der = try Data(contentsOf: made.der)
        let target = made.pem.deletingLastPathComponent().appendingPathComponent(kind)
        func pem(_ bytes: Data) -> Data {
            var base64 = Substring(bytes.base64EncodedString())
            var lines: [Substring] = []
            while !base64.isEmpty {
                lines.append(base64.prefix(64))
                base64 = base64.dropFirst(64)
            }
            return Data(
                "-----BEGIN CERTIFICATE-----\n\(lines.joined(separator: "\n"))\n-----END CERTIFICATE-----\n".utf8)
        }
        switch kind {
        case "truncated-pem": try pem(der.prefix(der.count - 20)).write(to: target)
        case "garbage-der-in-pem": try pem(Data([0x02, 0x01, 0x05])).write(to: target)  // an INTEGER
        case "trailing-bytes": try (der + Data([0, 0])).write(to: target)
        default:
            let structure = try CertificateStructure(derEncoded: Array(der))
            try Data(structure.subjectPublicKeyInfo).write(to: target)
        }
        #expect {
            try CertificateFile.readEncoded(target)
        } throws: { error in
            guard let error = error as? TrustError, case .malformedCertificate(let source, let reason) = error else {
                return false
            }
            let expected =
                kind == "truncated-pem" ? "truncated" : kind == "trailing-bytes" ? "bytes after" : "not a certificate"
            return source == target.path && reason.contains(expected)
        }
    }

    @Test("a directory and an empty device say what they are")
    func notFiles() throws {
        let folder = FileManager.default.temporaryDirectory
        #expect(throws: TrustError.notAFile(path: folder.path, kind: "a directory")) {
            try CertificateFile.readEncoded(folder)
        }
        #expect {
            try CertificateFile.read(URL(fileURLWithPath: "/dev/null"))
        } throws: { error in
            guard let error = error as? TrustError, case .malformedCertificate = error else { return false }
            return error.description.contains("/dev/null")
                && error.description.contains("is empty")
        }
    }

    @Test("an endless device is refused after the size limit, not read into memory")
    func endless() throws {
        #expect {
            try CertificateFile.readEncoded(URL(fileURLWithPath: "/dev/zero"))
        } throws: { error in
            guard let error = error as? TrustError, case .malformedCertificate = error else { return false }
            return error.description.contains("larger than 16 MiB")
        }
    }
}
