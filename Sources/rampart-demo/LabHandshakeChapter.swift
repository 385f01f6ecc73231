import Foundation
import RampartHTTP
import RampartTestKit
import RampartTrust
import X509

/// Chapter 1: Rampart's own HTTPS client (``RampartHTTP/HTTPClient``), trusting only the lab root,
/// reaches a lab server, and refuses servers whose certificates are expired, for another host,
/// self-signed or incomplete. Every handshake is decided by ``RampartTrust/TrustEvaluator``, not by
/// BoringSSL, so each refusal names Rampart's own reason. The last step shows the same evaluator
/// deciding on the DER bytes of a chain without any socket, as an app's `URLSessionDelegate` would.
struct LabHandshakeChapter: DemoChapter {
    let title = "Chain and host-name validation on a loopback TLS server"

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let good = try lab.pki.chain(.good)
        var steps = [
            DemoStep(
                title: "Built the lab PKI",
                expected: .allowed, observed: .allowed,
                details: [
                    "root: \(lab.pki.root.certificate.subject) (\(lab.pki.root.keyAlgorithm.rawValue))",
                    "intermediate: \(lab.pki.intermediate.certificate.subject) (\(lab.pki.intermediate.keyAlgorithm.rawValue))",
                    "leaf: \(good.leaf.certificate.subject) for localhost, 127.0.0.1, ::1 (\(good.leaf.keyAlgorithm.rawValue))",
                ])
        ]
        steps.append(
            try await attempt(
                "A client that trusts the lab root connects", scenario: .good, expected: .allowed, lab: lab))
        // Each refusal must come from the trust decision, for the reason its scenario is about.
        let refusals: [(LabScenario, String, (TrustDecision) -> Bool)] = [
            (
                .expired, "an expired certificate",
                { decision in decision.failures.contains { if case .expired = $0 { true } else { false } } }
            ),
            (
                .wrongHost, "a certificate for another host",
                { decision in decision.failures.contains { if case .hostMismatch = $0 { true } else { false } } }
            ),
            (
                .selfSigned, "a self-signed certificate",
                { decision in decision.failures.contains { if case .selfSigned = $0 { true } else { false } } }
            ),
            (
                .missingIntermediate, "a chain without its intermediate",
                { decision in decision.failures.contains { if case .untrustedIssuer = $0 { true } else { false } } }
            ),
        ]
        for (scenario, what, reason) in refusals {
            steps.append(
                try await attempt(
                    "The client refuses \(what)", scenario: scenario, expected: .blocked, lab: lab, reason: reason))
        }
        steps.append(try await evaluateDER(good, lab: lab))
        return steps
    }

    /// A client that trusts the lab root and nothing else: its handshakes are decided by
    /// Rampart's `TrustEvaluator` (chain, host name, ATS certificate rules).
    static func client(_ pki: LabPKI) throws -> HTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.timeouts = HTTPTimeouts(all: .seconds(60))  // a busy machine must not fail the demo
        configuration.anchors = .only([pki.root.certificate])
        return try HTTPClient(configuration: configuration)
    }

    /// A `GET` of a lab server presenting `scenario`'s chain. A refusal counts as blocked only when
    /// Rampart's trust decision rejected the server and `reason` accepts that decision; any other
    /// failure (a timeout, a refusal for another reason) makes the step fail.
    private func attempt(
        _ title: String, scenario: LabScenario, expected: DemoStep.Outcome, lab: DemoLab,
        reason: ((TrustDecision) -> Bool)? = nil
    ) async throws -> DemoStep {
        let client = try Self.client(lab.pki)
        defer { client.shutdown() }
        let chain = try lab.pki.chain(scenario)
        return try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            let url = "https://\(LabPKI.hostName):\(server.port)/"
            var details = ["GET \(url) (the server presents the \(scenario.rawValue) chain)"]
            do throws(HTTPClientError) {
                let (response, body) = try await client.get(url)
                let connection = response.connection
                details.append(
                    "connected to \(connection.remoteAddress): \(connection.tlsVersion ?? "cleartext"), "
                        + "\(connection.cipherSuite ?? "unknown cipher suite")")
                if let trust = connection.trust {
                    details.append("Rampart's trust decision: \(trust.verdict.rawValue)")
                    details.append("validated path, leaf to root: \(Self.describe(trust.validatedChain))")
                } else {
                    details.append("no trust decision was recorded for this connection")
                }
                let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                details.append("HTTP \(response.status): \(text)")
                return DemoStep(title: title, expected: expected, observed: .allowed, details: details)
            } catch {
                details += error.description.split(separator: "\n").map { "Rampart: \($0)" }
                details.append("requests that reached the server: \(server.requestsServed)")
                guard case .trustFailure(_, let decision) = error else {
                    details.append("not refused by the trust decision, so this is not the refusal the step shows")
                    return DemoStep(title: title, expected: expected, observed: .allowed, details: details)
                }
                if let reason, !reason(decision) {
                    details.append("refused, but not for the reason this scenario is about")
                    return DemoStep(title: title, expected: expected, observed: .allowed, details: details)
                }
                return DemoStep(title: title, expected: expected, observed: .blocked, details: details)
            }
        }
    }

    /// `TrustEvaluator.evaluate(derChain:host:)` on the DER bytes of the good chain, with no socket:
    /// the entry point an iOS app's `URLSessionDelegate` calls with `SecTrustCopyCertificateChain`'s
    /// certificates.
    private func evaluateDER(_ chain: LabChain, lab: DemoLab) async throws -> DemoStep {
        let der = try chain.served.map { try $0.derBytes }
        let evaluator = TrustEvaluator(anchors: .only([lab.pki.root.certificate]))
        let decision = await evaluator.evaluate(derChain: der, host: LabPKI.hostName)
        var details = [
            "\(der.count) certificates, \(der.map(\.count).reduce(0, +)) bytes of DER, host \(LabPKI.hostName)",
            "verdict: \(decision.verdict.rawValue)",
        ]
        if decision.validatedChain.isEmpty {
            details += decision.failures.map { "Rampart: \($0)" }
        } else {
            details.append("validated path, leaf to root: \(Self.describe(decision.validatedChain))")
        }
        return DemoStep(
            title: "The same evaluator decides on the chain's DER bytes alone, without a socket",
            expected: .allowed, observed: decision.verdict == .rejected ? .blocked : .allowed, details: details)
    }

    /// A chain as its subjects, leaf first.
    static func describe(_ chain: [Certificate]) -> String {
        chain.map { "\($0.subject)" }.joined(separator: " → ")
    }
}
