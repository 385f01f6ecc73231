import Foundation
import RampartTestKit
import RampartTrust
import SwiftASN1
import Testing
import X509

/// A policy that refuses chains whose leaf's subject contains `refused`, as a company rule might.
struct RefuseSubjectPolicy: VerifierPolicy, Sendable {
    let refused: String
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        if String(describing: chain.leaf.subject).contains(refused) {
            return .failsToMeetPolicy(reason: "leaf subject names \(refused), which this company refuses")
        }
        return .meetsPolicy
    }
}

/// `TrustEvaluator`'s extension point: swift-certificates policies applied after Rampart's own.
@Suite("Additional trust policies")
struct AdditionalTrustPolicyTests {
    let pki: LabPKI

    init() throws { pki = try LabPKI.shared() }

    func evaluator(refusing refused: String) -> TrustEvaluator {
        TrustEvaluator(anchors: .only([pki.root.certificate])) {
            RefuseSubjectPolicy(refused: refused)
        }
    }

    @Test("a chain the policies accept is trusted; one they refuse is rejected with the policy's reason")
    func acceptAndRefuse() async throws {
        let served = try pki.chain(.good).served
        let accepted = await evaluator(refusing: "nobody").evaluate(served: served, host: "localhost")
        #expect(accepted.verdict == .trusted, "\(accepted.failures)")
        let refused = await evaluator(refusing: "good leaf").evaluate(served: served, host: "localhost")
        #expect(refused.verdict == .rejected)
        #expect(refused.validatedChain.isEmpty)
        guard case .additionalPolicy(let reason) = refused.failures.first, refused.failures.count == 1 else {
            Issue.record("\(refused.failures)")
            return
        }
        #expect(reason.contains("which this company refuses"), "\(reason)")
    }

    @Test("Rampart's own reasons still come first: an expired chain is named expired, not the policy's refusal")
    func ownReasonsFirst() async throws {
        let decision = await evaluator(refusing: "leaf").evaluate(
            served: try pki.chain(.expired).served, host: "localhost")
        #expect(decision.verdict == .rejected)
        #expect(decision.failures.contains { if case .expired = $0 { true } else { false } }, "\(decision.failures)")
        #expect(!decision.failures.contains { if case .additionalPolicy = $0 { true } else { false } })
    }

    @Test("conditions in the builder work, and each evaluation gets its own policy value")
    func builder() async throws {
        let strict = true
        let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), atsCertificateRules: false) {
            if strict { RefuseSubjectPolicy(refused: "good leaf") }
        }
        let served = try pki.chain(.good).served
        for _ in 0..<2 {
            #expect(await evaluator.evaluate(served: served, host: "localhost").verdict == .rejected)
        }
        var relaxed = evaluator
        relaxed.additionalPolicies = nil
        #expect(await relaxed.evaluate(served: served, host: "localhost").verdict == .trusted)
    }
}
