import Foundation
import RampartTestKit
import RampartTestSupport
import Testing
import X509

@testable import RampartTrust

/// The system's CA bundle read lazily: the same roots as a full decoding, but only the roots a
/// chain names are decoded.
@Suite("System roots decoded lazily")
struct SystemRootBundleTests {
    static let debianBundle = "/etc/ssl/certs/ca-certificates.crt"

    /// A bundle file made of `certificates` in PEM, with `extra` text appended.
    func bundle(_ name: String, _ certificates: [Certificate], extra: String = "") throws -> SystemRootBundle {
        let file = try ScratchFolder.shared().subfolder("system-roots").appendingPathComponent(name)
        let pem = try certificates.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n") + "\n" + extra
        try Data(pem.utf8).write(to: file)
        return SystemRootBundle(searchPaths: ["/nonexistent/ca-bundle.crt", file.path])
    }

    func evaluator(_ bundle: SystemRootBundle, added: [Certificate] = []) -> TrustEvaluator {
        var evaluator = TrustEvaluator(anchors: .system)
        evaluator.store = CertificateStore(custom: SystemRootStore(bundle: bundle, added: added))
        return evaluator
    }

    @Test(
        "every root of the system bundle is found by its subject, as a full decoding finds it",
        .enabled(
            if: FileManager.default.fileExists(atPath: debianBundle),
            "needs the system bundle at /etc/ssl/certs/ca-certificates.crt (Debian, Ubuntu)"))
    func sameRootsAsFullDecoding() throws {
        let all = try CertificateFile.read(URL(fileURLWithPath: Self.debianBundle))
        let lazy = SystemRootBundle(searchPaths: [Self.debianBundle])
        #expect(!all.isEmpty, "the system bundle holds no certificate")
        #expect(lazy.count == all.count)
        #expect(lazy.decodedCount == 0)
        for root in all {
            #expect(lazy.roots(subject: root.subject).contains(root), "\(root.subject)")
            #expect(lazy.contains(root))
        }
        #expect(lazy.decodedCount == all.count)
    }

    @Test("a decision decodes only the root its chain names, and trusts the chain")
    func decodesOnlyWhatAChainNames() async throws {
        let pki = try LabPKI.shared()
        var others: [Certificate] = []
        if FileManager.default.fileExists(atPath: Self.debianBundle) {
            others = Array(try CertificateFile.read(URL(fileURLWithPath: Self.debianBundle)).prefix(40))
        }
        let bundle = try bundle("with-lab-root.pem", others + [pki.root.certificate])
        let decision = await evaluator(bundle).evaluate(served: try pki.chain(.good).served, host: "localhost")
        #expect(decision.verdict == .trusted, "\(decision.failures)")
        #expect(decision.validatedChain.last == pki.root.certificate)
        #expect(bundle.count == others.count + 1)
        #expect(bundle.decodedCount == 1)
    }

    @Test("a chain to a root outside the bundle is refused; an added root (systemPlus) is used beside the bundle")
    func outsideTheBundle() async throws {
        let pki = try LabPKI.shared()
        let bundle = try bundle("rogue-only.pem", [pki.rogueRoot.certificate])
        let served = try pki.chain(.good).served
        let refused = await evaluator(bundle).evaluate(served: served, host: "localhost")
        #expect(refused.verdict == .rejected)
        #expect(
            refused.failures.contains { if case .untrustedIssuer = $0 { true } else { false } }, "\(refused.failures)")
        let added = await evaluator(bundle, added: [pki.root.certificate]).evaluate(served: served, host: "localhost")
        #expect(added.verdict == .trusted, "\(added.failures)")
    }

    @Test("a root swift-certificates cannot decode is left out alone; the others still anchor chains")
    func undecodableRootLeftOut() async throws {
        let legacy = try await LegacyKeyCertificateTests.make(
            key: "rsa:1024", subject: "/CN=Legacy Root/O=Rampart Test")
        let pki = try LabPKI.shared()
        let legacyPEM = try String(contentsOf: legacy.pem, encoding: .utf8)
        let bundle = try bundle("with-legacy.pem", [pki.root.certificate], extra: legacyPEM)
        #expect(bundle.count == 2)
        let decision = await evaluator(bundle).evaluate(served: try pki.chain(.good).served, host: "localhost")
        #expect(decision.verdict == .trusted, "\(decision.failures)")
    }

    @Test("a missing or unreadable bundle holds no roots, and decisions are refused, not crashed")
    func missingBundle() async throws {
        let pki = try LabPKI.shared()
        let missing = SystemRootBundle(searchPaths: ["/nonexistent/a.crt", "/nonexistent/b.crt"])
        #expect(missing.count == 0)
        let broken = try bundle("broken.pem", [], extra: "-----BEGIN CERTIFICATE-----\nnot base64 at all!\n")
        #expect(broken.count == 0)
        for bundle in [missing, broken] {
            let decision = await evaluator(bundle).evaluate(served: try pki.chain(.good).served, host: "localhost")
            #expect(decision.verdict == .rejected)
        }
    }
}
