import Foundation
import NIOSSL
import RampartTestKit

/// Chapter 1: a client that validates the chain and the host name reaches a lab server, and
/// refuses servers whose certificates are expired, for another host, self-signed or incomplete.
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
        let refusals: [(LabScenario, String)] = [
            (.expired, "an expired certificate"),
            (.wrongHost, "a certificate for another host"),
            (.selfSigned, "a self-signed certificate"),
            (.missingIntermediate, "a chain without its intermediate"),
        ]
        for (scenario, what) in refusals {
            steps.append(
                try await attempt("The client refuses \(what)", scenario: scenario, expected: .blocked, lab: lab))
        }
        return steps
    }

    private func attempt(_ title: String, scenario: LabScenario, expected: DemoStep.Outcome, lab: DemoLab) async throws
        -> DemoStep
    {
        let chain = try lab.pki.chain(scenario)
        return try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            let url = "https://localhost:\(server.port)/ (\(server.host))"
            do {
                let exchange = try await LabClient.get(
                    host: server.host, port: server.port, serverName: LabPKI.hostName,
                    trusting: [lab.pki.root.certificate])
                return DemoStep(
                    title: title, expected: expected, observed: .allowed,
                    details: [
                        "GET \(url)",
                        "\(exchange.tlsVersion.map { "\($0)" } ?? "unknown TLS version"), server certificate \(exchange.peerSubject ?? "?")",
                        "HTTP \(exchange.status): \(String(decoding: exchange.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))",
                    ])
            } catch {
                return DemoStep(
                    title: title, expected: expected, observed: .blocked,
                    details: ["GET \(url)", "handshake refused: \(LabClient.explain(error))"])
            }
        }
    }
}
