import Foundation
import RampartTestKit
import RampartTestSupport
import RampartTrust
import SwiftASN1
import Testing

/// `CertificateSummary.signatureAlgorithm` is a typed name: compared and switched on by its name or
/// OID, never by stripping text; it is shown and encoded by the name OpenSSL prints.
@Suite("Signature algorithm names")
struct SignatureAlgorithmNameTests {
    @Test("a summary's algorithm is typed, its JSON is the standard name, and it reads back")
    func typedAndEncodedByStandardName() throws {
        let certificate = try LabPKI.shared().chain(.good).leaf.certificate
        let summary = try CertificateSummary(certificate)
        let spelled = String(describing: certificate.signatureAlgorithm)
        #expect(summary.signatureAlgorithm.qualifiedName == spelled)
        #expect(summary.signatureAlgorithm.name.map { "SignatureAlgorithm.\($0)" } == spelled)
        #expect(summary.signatureAlgorithm.description == summary.signatureAlgorithm.standardName)
        #expect(!summary.signatureAlgorithm.standardName.hasPrefix("SignatureAlgorithm"))
        #expect(summary.signatureAlgorithm.weakness == nil)
        let json = try JSONEncoder().encode(summary)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["signatureAlgorithm"] as? String == summary.signatureAlgorithm.standardName)
        #expect(try JSONDecoder().decode(CertificateSummary.self, from: json) == summary)
        // What Rampart 0.2 wrote (swift-certificates' spelling) still reads.
        let old = Data(#"["\#(spelled)"]"#.utf8)
        #expect(try JSONDecoder().decode([SignatureAlgorithmName].self, from: old) == [summary.signatureAlgorithm])
    }

    /// Every OID of the table, named as `openssl asn1parse` (and `openssl x509 -text`) names it.
    static let tableOIDs = [
        "1.2.840.113549.1.1.2", "1.2.840.113549.1.1.3", "1.2.840.113549.1.1.4", "1.2.840.113549.1.1.5",
        "1.3.14.3.2.29", "1.2.840.113549.1.1.10", "1.2.840.113549.1.1.11", "1.2.840.113549.1.1.12",
        "1.2.840.113549.1.1.13", "1.2.840.113549.1.1.14", "1.2.840.10045.4.1", "1.2.840.10045.4.3.1",
        "1.2.840.10045.4.3.2", "1.2.840.10045.4.3.3", "1.2.840.10045.4.3.4", "1.2.840.10040.4.3",
        "2.16.840.1.101.3.4.3.1", "2.16.840.1.101.3.4.3.2", "1.3.101.112", "1.3.101.113", "1.2.156.10197.1.501",
    ]

    @Test("the standard name is the one openssl prints, for every algorithm in the table", arguments: tableOIDs)
    func namedAsOpenSSLNamesIt(oid: String) async throws {
        let name = SignatureAlgorithmName(try ASN1ObjectIdentifier(dotRepresentation: oid))
        #expect(name.name != nil, "\(oid) is not in the table")
        let result = try await PeerProcess.runAsync("openssl", ["asn1parse", "-genstr", "OID:\(oid)"])
        // "    0:d=0  hl=2 l=   8 prim: OBJECT            :ecdsa-with-SHA256"
        let printed = result.standardOutputText.split(separator: ":").last.map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(result.exitCode == 0)
        #expect(name.standardName == printed)
        let json = try JSONEncoder().encode([name])
        #expect(try JSONDecoder().decode([SignatureAlgorithmName].self, from: json) == [name])
    }

    @Test("an algorithm not in the table is named by its OID, and reads back")
    func unknown() throws {
        let name = SignatureAlgorithmName(ASN1ObjectIdentifier(arrayLiteral: 1, 2, 3, 4))
        #expect(name.name == nil && name.oid == "1.2.3.4" && name.description == "1.2.3.4")
        #expect(name.standardName == "1.2.3.4")
        #expect(name.qualifiedName == "SignatureAlgorithm(1.2.3.4)")
        let json = try JSONEncoder().encode([name])
        #expect(try JSONDecoder().decode([SignatureAlgorithmName].self, from: json) == [name])
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode([SignatureAlgorithmName].self, from: Data(#"["sha256"]"#.utf8))
        }
    }

    @Test("SHA-1 and MD5 are weak by name")
    func weak() {
        let sha1 = SignatureAlgorithmName(ASN1ObjectIdentifier(arrayLiteral: 1, 2, 840, 113_549, 1, 1, 5))
        #expect(sha1.name == "sha1WithRSAEncryption" && sha1.weakness?.contains("SHA-1") == true)
        let md5 = SignatureAlgorithmName(ASN1ObjectIdentifier(arrayLiteral: 1, 2, 840, 113_549, 1, 1, 4))
        #expect(md5.weakness?.contains("MD5") == true)
    }

    @Test("days to expiry: whole days rounded down, negative once expired")
    func daysToExpiry() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(CertificateSummary.daysToExpiry(now + 10 * 86_400 + 600, at: now) == 10)
        #expect(CertificateSummary.daysToExpiry(now + 86_399, at: now) == 0)
        #expect(CertificateSummary.daysToExpiry(now - 1, at: now) == -1)
    }
}
