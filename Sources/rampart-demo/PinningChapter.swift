import Foundation
import RampartPolicy
import RampartTestKit
import RampartTrust
import RampartTrustNIO

/// Chapter: a corporate or hostile proxy whose CA the device trusts. Validation alone lets it read
/// the traffic; SPKI pins stop it. ATS certificate rules refuse weak keys on the way.
struct PinningChapter: DemoChapter {
    let title = "Pinning blocks a MITM proxy the device trusts"

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let pki = lab.pki
        let anchors = TrustAnchors.only([pki.root.certificate, pki.rogueRoot.certificate])
        let pins = try pki.leafPins()  // the genuine leaf key, with a backup key
        return [
            try await attempt(
                "The genuine server, pinned", scenario: .good,
                evaluator: TrustEvaluator(anchors: anchors, pinning: [pins]),
                expected: .allowed, lab: lab),
            try await attempt(
                "The MITM proxy (rogue CA trusted by the device), no pins", scenario: .rogue,
                evaluator: TrustEvaluator(anchors: anchors), expected: .allowed, lab: lab,
                note: "the proxy sees the request: validation alone cannot tell it from the server"),
            try await attempt(
                "The same MITM proxy, with pins", scenario: .rogue,
                evaluator: TrustEvaluator(anchors: anchors, pinning: [pins]), expected: .blocked, lab: lab),
            try await attempt(
                "A server with an RSA-1024 key", scenario: .rsa1024,
                evaluator: TrustEvaluator(anchors: anchors), expected: .blocked, lab: lab),
        ]
    }

    private func attempt(
        _ title: String, scenario: LabScenario, evaluator: TrustEvaluator, expected: DemoStep.Outcome, lab: DemoLab,
        note: String? = nil
    ) async throws -> DemoStep {
        let trust = TrustVerificationCallback(evaluator: evaluator, host: ATSHost(LabPKI.hostName))
        return try await LabServer.withServer(LabServerConfiguration(chain: try lab.pki.chain(scenario))) { server in
            var details = ["GET https://localhost:\(server.port)/ presenting \(scenario.rawValue) certificate"]
            let observed: DemoStep.Outcome
            do {
                let exchange = try await LabClient.get(
                    host: server.host, port: server.port, serverName: LabPKI.hostName, trusting: [],
                    verification: { trust.callback })
                observed = .allowed
                details.append("HTTP \(exchange.status), \(server.requestsServed) request(s) reached the server")
            } catch {
                observed = .blocked
            }
            if let decision = trust.lastDecision {
                details.append("trust decision: \(decision.verdict.rawValue)")
                details += decision.failures.flatMap { $0.description.split(separator: "\n").map(String.init) }
            }
            if let note { details.append(note) }
            return DemoStep(title: title, expected: expected, observed: observed, details: details)
        }
    }
}
