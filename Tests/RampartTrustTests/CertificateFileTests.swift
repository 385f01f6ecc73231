import Foundation
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing
import X509

@Suite("Certificate files and summaries")
struct CertificateFileTests {
    /// Removed with everything in it when the test ends.
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("rampart-certs") }

    @Test("reads a PEM chain with text around it, and a DER certificate")
    func reads() throws {
        let files = try LabPKI.shared().chain(.good).export(to: scratch.url)
        let chainText = "subject=whatever openssl printed\n" + (try String(contentsOf: files.chainPEM, encoding: .utf8))
        try Data(chainText.utf8).write(to: files.chainPEM)
        let chain = try CertificateFile.read(files.chainPEM)
        #expect(chain.count == 2)
        #expect(try CertificateFile.read(files.leafDER) == [chain[0]])
    }

    @Test(
        "garbage PEM, truncated DER, an empty file and a missing one are clear errors",
        arguments: ["garbage-pem", "truncated-der", "empty", "missing", "unterminated"])
    func refuses(kind: String) throws {
        let folder = scratch.url
        let files = try LabPKI.shared().chain(.good).export(to: folder)
        let target = folder.appendingPathComponent(kind)
        let der = try Data(contentsOf: files.leafDER)
        switch kind {
        case "garbage-pem":
            try Data("-----BEGIN CERTIFICATE-----\nnot*base64\n-----END CERTIFICATE-----\n".utf8).write(to: target)
        case "truncated-der": try der.prefix(der.count / 2).write(to: target)
        case "empty": try Data().write(to: target)
        case "unterminated": try Data("-----BEGIN CERTIFICATE-----\nMIIB\n".utf8).write(to: target)
        default: break
        }
        #expect {
            try CertificateFile.read(target)
        } throws: { error in
            guard let error = error as? TrustError else { return false }
            let rightCase: Bool
            switch error {
            case .missingFile: rightCase = kind == "missing"
            case .malformedCertificate: rightCase = kind != "missing"
            default: rightCase = false
            }
            return rightCase && error.description.contains(target.path)
        }
    }

    @Test(
        "summaries name the key type and size, and mark CAs",
        arguments: [
            (LabScenario.rsa2048, "RSA", 2048), (.rsa4096, "RSA", 4096), (.p256, "EC P-256", 256),
            (.p384, "EC P-384", 384), (.p521, "EC P-521", 521), (.ed25519, "Ed25519", 256), (.rsa1024, "RSA", 1024),
        ])
    func summaries(scenario: LabScenario, type: String, bits: Int) throws {
        let chain = try LabPKI.shared().chain(scenario)
        let leaf = try CertificateSummary(chain.leaf.certificate)
        #expect(leaf.keyType == type)
        #expect(leaf.keyBits == bits)
        #expect(!leaf.isCertificateAuthority)
        #expect(leaf.certificateSHA256.count == 64)
        let intermediate = try CertificateSummary(try #require(chain.intermediates.first))
        #expect(intermediate.isCertificateAuthority)
        #expect(intermediate.keyType == "RSA")
    }

    @Test("exports a ready NSPinnedDomains entry and a TrustKit entry")
    func exports() throws {
        let chain = try LabPKI.shared().chain(.good).served
        let pins = try chain.map { try SPKIPin(certificate: $0).base64 }
        let ats =
            try PropertyListSerialization.propertyList(
                from: try PinConfigurationExport.nsPinnedDomains(
                    domain: "api.example.com", chain: chain, includeSubdomains: true),
                format: nil) as? [String: Any]
        let entry =
            ((ats?["NSAppTransportSecurity"] as? [String: Any])?["NSPinnedDomains"] as? [String: Any])?[
                "api.example.com"] as? [String: Any]
        #expect(entry?["NSIncludesSubdomains"] as? Bool == true)
        #expect(
            (entry?["NSPinnedLeafIdentities"] as? [[String: String]])?.map { $0["SPKI-SHA256-BASE64"] } == [pins[0]])
        #expect((entry?["NSPinnedCAIdentities"] as? [[String: String]])?.map { $0["SPKI-SHA256-BASE64"] } == [pins[1]])
        let trustKit =
            try PropertyListSerialization.propertyList(
                from: try PinConfigurationExport.trustKitPinnedDomains(domain: "api.example.com", chain: chain),
                format: nil)
            as? [String: Any]
        let domain =
            ((trustKit?["TSKConfiguration"] as? [String: Any])?["TSKPinnedDomains"] as? [String: Any])?[
                "api.example.com"] as? [String: Any]
        #expect(domain?["TSKPublicKeyHashes"] as? [String] == pins)
        #expect(domain?["TSKEnforcePinning"] as? Bool == true)
    }
}
