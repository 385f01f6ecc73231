import Foundation
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTrust

/// Chapter: Certificate Transparency as Apple enforces it. Two lab CT logs (one P-256, one RSA)
/// sign SCTs that the lab CA embeds in a leaf; a second leaf has none. Chain validation accepts
/// both; with a log list, the client accepts only the one whose SCTs meet Apple's policy. The lab
/// root stands in for a public CA: `NSRequiresCertificateTransparency` makes CT apply to it, as
/// Apple applies CT to every publicly trusted chain.
struct CertificateTransparencyChapter: DemoChapter {
    let title = "Certificate Transparency: SCTs checked against a log list, as Apple does"

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let argon = try LabCTLog(name: "Lab Argon", operatorName: "Lab Google")
        let nimbus = try LabCTLog(name: "Lab Nimbus", operatorName: "Lab Cloudflare", key: .rsa2048)
        let list = CTLogList(
            logs: [argon, nimbus].map { $0.log(state: .usable(since: Date(timeIntervalSince1970: 1_500_000_000))) },
            timestamp: Date())
        let checker = CertificateTransparencyChecker(logList: list, policy: .apple)
        let logged = try lab.pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 120), (nimbus, Date() - 60)])
        let unlogged = try lab.pki.leafWithEmbeddedSCTs(from: [])
        var steps: [DemoStep] = []
        steps.append(
            try await fetch(
                "Without a log list, chain validation alone accepts a certificate no log has seen",
                chain: unlogged, checker: nil, expected: .allowed, lab: lab))
        steps.append(
            try await fetch(
                "With the log list, the certificate with two SCTs from two operators is accepted",
                chain: logged, checker: checker, expected: .allowed, lab: lab))
        steps.append(
            try await fetch(
                "With the log list, the certificate without SCTs is refused", chain: unlogged, checker: checker,
                expected: .blocked, lab: lab))
        let one = try lab.pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60)])
        steps.append(
            try await fetch(
                "One SCT is not enough for Apple's policy", chain: one, checker: checker, expected: .blocked, lab: lab))
        return steps
    }

    /// A `GET` of a lab server presenting `chain`, by a client that trusts the lab root and, with a
    /// checker, enforces CT for localhost. A refusal counts only when CT is its reason.
    private func fetch(
        _ title: String, chain: LabChain, checker: CertificateTransparencyChecker?, expected: DemoStep.Outcome,
        lab: DemoLab
    ) async throws -> DemoStep {
        var configuration = HTTPClientConfiguration()
        configuration.timeouts = HTTPTimeouts(all: .seconds(60))
        configuration.anchors = .only([lab.pki.root.certificate])
        configuration.certificateTransparency = checker
        if checker != nil {
            configuration.policy = ATSPolicy(
                ATSConfiguration(exceptionDomains: [
                    LabPKI.hostName: ATSExceptionDomain(requiresCertificateTransparency: true)
                ]), os: .ios17)
        }
        let client = try HTTPClient(configuration: configuration)
        defer { client.shutdown() }
        var details: [String] = []
        if let checker, let leaf = try? EncodedCertificate(chain.leaf.certificate) {
            let issuer = try? EncodedCertificate(lab.pki.intermediate.certificate)
            details += checker.check(leaf: leaf, issuer: issuer).description.split(separator: "\n").map(String.init)
        } else {
            details.append("no log list: SCTs are not looked at")
        }
        return try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            let url = "https://\(LabPKI.hostName):\(server.port)/"
            do throws(HTTPClientError) {
                let (response, _) = try await client.get(url)
                details.insert("GET \(url): HTTP \(response.status)", at: 0)
                return DemoStep(title: title, expected: expected, observed: .allowed, details: details)
            } catch {
                guard case .trustFailure(_, let decision) = error,
                    decision.failures.contains(where: { $0.code == "additionalPolicy" })
                else {
                    details.insert("GET \(url): \(error.description)", at: 0)
                    details.append("refused, but not by Certificate Transparency")
                    return DemoStep(title: title, expected: expected, observed: .allowed, details: details)
                }
                details.insert("GET \(url): the handshake was refused by Rampart's CT policy", at: 0)
                details.append("requests that reached the server: \(server.requestsServed)")
                return DemoStep(title: title, expected: expected, observed: .blocked, details: details)
            }
        }
    }
}
