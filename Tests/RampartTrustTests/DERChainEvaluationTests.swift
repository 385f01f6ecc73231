import Foundation
import RampartTestKit
import RampartTrust
import Testing
import X509

/// `TrustEvaluator.evaluate(derChain:host:)`: the entry point an app's `URLSessionDelegate` calls
/// with the bytes `SecTrustCopyCertificateChain` gives it.
@Suite("Trust decisions from DER bytes")
struct DERChainEvaluationTests {
    let pki: LabPKI
    let evaluator: TrustEvaluator

    init() throws {
        pki = try LabPKI.shared()
        evaluator = TrustEvaluator(anchors: .only([pki.root.certificate]), atsCertificateRules: true)
    }

    func der(_ scenario: LabScenario) throws -> [[UInt8]] {
        try pki.chain(scenario).served.map { try $0.derBytes }
    }

    @Test("DER bytes and Data decide exactly as decoded certificates do")
    func sameDecisions() async throws {
        for scenario in [LabScenario.good, .expired, .wrongHost, .selfSigned, .missingIntermediate, .rogue] {
            let decoded = await evaluator.evaluate(served: try pki.chain(scenario).served, host: "localhost")
            let bytes = await evaluator.evaluate(derChain: try der(scenario), host: "localhost")
            let data = await evaluator.evaluate(derChain: try der(scenario).map { Data($0) }, host: "localhost")
            #expect(bytes.verdict == decoded.verdict, "\(scenario)")
            #expect(bytes.failures == decoded.failures, "\(scenario)")
            #expect(data.failures == decoded.failures, "\(scenario)")
            #expect(bytes.validatedChain == decoded.validatedChain, "\(scenario)")
        }
        #expect(await evaluator.evaluate(derChain: try der(.good), host: "localhost").verdict == .trusted)
    }

    @Test("a certificate that does not decode rejects the chain and names its position")
    func undecodable() async throws {
        var chain = try der(.good)
        chain[1] = Array(chain[1].prefix(chain[1].count / 2))
        let decision = await evaluator.evaluate(derChain: chain, host: "localhost")
        #expect(decision.verdict == .rejected)
        guard case .undecodableCertificate(let position, _) = decision.failures.first else {
            Issue.record("\(decision.failures)")
            return
        }
        #expect(position == 1)
        let empty = await evaluator.evaluate(derChain: [[UInt8]](), host: "localhost")
        #expect(empty.verdict == .rejected)
    }

    @Test("a shared decoding cache keeps what it decoded and changes no decision")
    func cached() async throws {
        let cache = CertificateDecodingCache()
        let first = await evaluator.evaluate(derChain: try der(.good), host: "localhost", decoding: cache)
        let second = await evaluator.evaluate(derChain: try der(.good), host: "localhost", decoding: cache)
        #expect(first.verdict == .trusted && second.verdict == .trusted)
        #expect(cache.count == 2)
        let rogue = await evaluator.evaluate(derChain: try der(.rogue), host: "localhost", decoding: cache)
        #expect(rogue.verdict == .rejected)
    }
}
