import NIOSSL
import RampartTestKit
import RampartTrust
import RampartTrustNIO
import Testing

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
        #expect(TrustVerificationCallback(evaluator: evaluator, host: raw).host == expected)
        let tls = try TrustedTLSClient(evaluator: evaluator)
        #expect(tls.verification(for: raw).host == expected)
        let (_, trust) = try tls.makeHandler(host: raw)
        #expect(trust.host == expected)
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
}
