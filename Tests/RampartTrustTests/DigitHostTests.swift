import Crypto
import Foundation
import RampartPolicy
import RampartTestKit
import RampartTrust
import Testing
import X509

/// Host names made only of digits and dots are names unless they are IP addresses in full.
@Suite("Hosts of digits")
struct DigitHostTests {
    /// A server certificate for the DNS name `name`, issued by the lab intermediate.
    func leaf(dnsName name: String, pki: LabPKI) throws -> Certificate {
        let key = P256.Signing.PrivateKey()
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date() - 3600, notValidAfter: Date() + 3600, issuer: pki.intermediate.certificate.subject,
            subject: try DistinguishedName { CommonName("digits") }, signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName(name)])
            },
            issuerPrivateKey: pki.intermediate.privateKey)
    }

    @Test("`1234` and `1.2.3` are checked as DNS names, `1.2.3.4` as an address", arguments: ["1234", "1.2.3"])
    func digitNames(name: String) async throws {
        #expect(ATSHost(name).kind == .dnsName)
        let pki = try LabPKI.shared()
        let served = [try leaf(dnsName: name, pki: pki), pki.intermediate.certificate]
        let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), atsCertificateRules: false)
        let decision = await evaluator.evaluate(served: served, host: name)
        #expect(
            decision.verdict == .trusted,
            Comment(rawValue: decision.failures.map(\.description).joined(separator: "; ")))
        #expect(ATSHost("1.2.3.4").kind == .ipv4)
        let asAddress = await evaluator.evaluate(served: served, host: "1.2.3.4")
        #expect(asAddress.failures.contains(.hostMismatch(host: "1.2.3.4")), "\(asAddress.failures)")
    }
}
