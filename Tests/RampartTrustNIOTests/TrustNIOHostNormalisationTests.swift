import Crypto
import Foundation
import NIOSSL
import RampartPolicy
import RampartTestKit
import RampartTrust
import RampartTrustNIO
import Testing
import X509

/// The NIO entry points judge, and send as SNI, the host `ATSHost` makes of what they are given:
/// `LOCALHOST.` is `localhost`, `Bücher.Example.` is `xn--bcher-kva.example`.
@Suite("Hosts at the NIO entry points")
struct TrustNIOHostNormalisationTests {
    let pki: LabPKI

    init() throws { pki = try LabPKI.shared() }

    @Test(
        "TrustVerificationCallback, verification(for:) and makeHandler(host:) keep the normalised host",
        arguments: [
            ("API.Example.COM.", "api.example.com"), ("localhost.", "localhost"),
            ("bücher.example", "xn--bcher-kva.example"), ("BÜCHER.Example.", "xn--bcher-kva.example"),
            ("XN--BCHER-KVA.example.", "xn--bcher-kva.example"), ("[::1]", "::1"),
        ])
    func normalisedHost(raw: String, expected: String) throws {
        let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]))
        #expect(TrustVerificationCallback(evaluator: evaluator, host: ATSHost(raw)).host.name == expected)
        let tls = try TrustedTLSClient(evaluator: evaluator)
        #expect(tls.verification(for: ATSHost(raw)).host.name == expected)
        let (_, trust) = try tls.makeHandler(host: ATSHost(raw))
        #expect(trust.host.name == expected)
    }

    @Test("a pinned host spelled `LOCALHOST.` still meets its pins in a real handshake")
    func trailingDotHandshake() async throws {
        let helper = try TrustedTLSClientTests()
        let pinned = [try pki.leafPins()]
        let trusting = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: pinned)
        for host in ["LOCALHOST.", "Localhost"] {
            let good = try await helper.get(.good, host: host, evaluator: trusting)
            #expect(try good.status.get() == 200, "\(host)")
            #expect(good.decision?.verdict == .trusted)
        }
        let rogueTrusted = TrustEvaluator(
            anchors: .only([pki.root.certificate, pki.rogueRoot.certificate]), pinning: pinned)
        for host in ["LOCALHOST.", "localhost."] {
            let rogue = try await helper.get(.rogue, host: host, evaluator: rogueTrusted)
            #expect(rogue.served == 0, "\(host)")
            #expect(rogue.decision?.pinMismatch?.host == "localhost", "\(host)")
        }
    }

    /// A chain whose leaf (P-256, issued by the lab intermediate) names only `dnsName`.
    func chain(dnsName: String) throws -> LabChain {
        let key = P256.Signing.PrivateKey()
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date() - 3600, notValidAfter: Date() + 3600, issuer: pki.intermediate.certificate.subject,
            subject: try DistinguishedName { CommonName(dnsName) }, signatureAlgorithm: .sha256WithRSAEncryption,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName(dnsName)])
            },
            issuerPrivateKey: pki.intermediate.privateKey)
        return LabChain(
            scenario: .good,
            leaf: LabIdentity(certificate: leaf, privateKey: Certificate.PrivateKey(key), keyAlgorithm: .p256),
            intermediates: [pki.intermediate.certificate], issuingRoot: pki.root.certificate)
    }

    @Test("an IDN host given in U-labels goes out as its A-label SNI, passes NIOSSL's name check and Rampart's pins")
    func idnHandshake() async throws {
        let helper = try TrustedTLSClientTests()
        let served = try chain(dnsName: "xn--bcher-kva.example")
        let leafPin = try SPKIPin(certificate: served.leaf.certificate)
        let backup = try SPKIPin(parsing: Data(repeating: 9, count: 32).base64EncodedString())
        let pinned = try PinnedHost(
            domain: "bücher.example", pins: [.init(leafPin, scope: .leaf), .init(backup, scope: .leaf)])
        let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [pinned])
        for host in ["bücher.example", "BÜCHER.Example."] {
            let outcome = try await helper.get(.good, host: host, evaluator: evaluator, chain: served)
            #expect(try outcome.status.get() == 200, "\(host)")
            #expect(outcome.decision?.verdict == .trusted, "\(host): \(outcome.decision?.failures ?? [])")
        }
        let wrongKey = try PinnedHost(
            domain: "xn--bcher-kva.example",
            pins: [
                .init(backup, scope: .leaf),
                .init(try SPKIPin(parsing: Data(repeating: 8, count: 32).base64EncodedString()), scope: .leaf),
            ])
        let refusing = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [wrongKey])
        let refused = try await helper.get(.good, host: "Bücher.example.", evaluator: refusing, chain: served)
        #expect(refused.served == 0)
        #expect(refused.decision?.pinMismatch?.host == "xn--bcher-kva.example")
    }
}
