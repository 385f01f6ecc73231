import Foundation
import RampartTestKit
import RampartTrust
import SwiftASN1
import Testing

/// `CertificateSummary.signatureAlgorithm` is a typed name: compared and switched on by its name or
/// OID, never by stripping text; its JSON is swift-certificates' spelling, as before.
@Suite("Signature algorithm names")
struct SignatureAlgorithmNameTests {
    @Test("a summary's algorithm is typed, its JSON is swift-certificates' spelling, and it reads back")
    func typedAndEncodedAsBefore() throws {
        let certificate = try LabPKI.shared().chain(.good).leaf.certificate
        let summary = try CertificateSummary(certificate)
        let spelled = String(describing: certificate.signatureAlgorithm)
        #expect(summary.signatureAlgorithm.qualifiedName == spelled)
        #expect(summary.signatureAlgorithm.name.map { "SignatureAlgorithm.\($0)" } == spelled)
        #expect(summary.signatureAlgorithm.description == summary.signatureAlgorithm.name)
        #expect(summary.signatureAlgorithm.weakness == nil)
        let json = try JSONEncoder().encode(summary)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["signatureAlgorithm"] as? String == spelled)
        #expect(try JSONDecoder().decode(CertificateSummary.self, from: json) == summary)
    }

    @Test("an algorithm not in the table is named by its OID, and reads back")
    func unknown() throws {
        let name = SignatureAlgorithmName(ASN1ObjectIdentifier(arrayLiteral: 1, 2, 3, 4))
        #expect(name.name == nil && name.oid == "1.2.3.4" && name.description == "1.2.3.4")
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
