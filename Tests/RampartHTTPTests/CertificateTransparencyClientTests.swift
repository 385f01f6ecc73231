import Foundation
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTrust
import Testing

/// Certificate Transparency enforced by the client in real handshakes against lab servers whose
/// leaves carry SCTs from lab logs.
@Suite("HTTPClient: Certificate Transparency")
struct CertificateTransparencyClientTests {
    let pki: LabPKI
    let argon: LabCTLog
    let nimbus: LabCTLog
    let checker: CertificateTransparencyChecker

    init() throws {
        pki = try LabPKI.shared()
        argon = try LabCTLog(name: "Lab Argon", operatorName: "Lab Google")
        nimbus = try LabCTLog(name: "Lab Nimbus", operatorName: "Lab Cloudflare")
        let since = Date(timeIntervalSince1970: 1_500_000_000)
        checker = CertificateTransparencyChecker(
            logList: CTLogList(
                logs: [argon.log(state: .usable(since: since)), nimbus.log(state: .usable(since: since))],
                timestamp: Date()))
    }

    /// ATS requiring CT for localhost, which makes the lab root (a root the client added) need it too.
    var requiringCT: ATSConfiguration {
        ATSConfiguration(exceptionDomains: ["localhost": ATSExceptionDomain(requiresCertificateTransparency: true)])
    }

    @Test(
        "NSRequiresCertificateTransparency: a compliant leaf is fetched, a leaf without SCTs is refused before any request"
    )
    func enforced() async throws {
        let compliant = try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60), (nimbus, Date() - 60)])
        let bare = try pki.leafWithEmbeddedSCTs(from: [])
        let client = try LabHTTP.client(policy: requiringCT) { $0.certificateTransparency = checker }
        defer { client.shutdown() }
        try await LabServer.withServer(LabServerConfiguration(chain: compliant)) { server in
            let (response, _) = try await client.get("https://localhost:\(server.port)/")
            #expect(response.status == 200)
        }
        try await LabServer.withServer(LabServerConfiguration(chain: bare)) { server in
            guard
                case .trustFailure(_, let decision) = await LabHTTP.failure(client, "https://localhost:\(server.port)/")
            else {
                Issue.record("a leaf without SCTs was accepted")
                return
            }
            #expect(decision.failures.contains { $0.code == "additionalPolicy" }, "\(decision.failures)")
            #expect(server.requestsServed == 0)
        }
    }

    @Test("without NSRequiresCertificateTransparency a root the client added is exempt, as on Apple platforms")
    func addedRootExempt() async throws {
        let bare = try pki.leafWithEmbeddedSCTs(from: [])
        let client = try LabHTTP.client { $0.certificateTransparency = checker }
        defer { client.shutdown() }
        try await LabServer.withServer(LabServerConfiguration(chain: bare)) { server in
            let (response, _) = try await client.get("https://localhost:\(server.port)/")
            #expect(response.status == 200)
        }
    }

    @Test("a host that requires CT with no log list configured is refused with what to do")
    func needsLogList() async throws {
        let client = try LabHTTP.client(policy: requiringCT)
        defer { client.shutdown() }
        let error = await LabHTTP.failure(client, "https://localhost:9/")
        guard case .certificateTransparencyNeedsLogList(let endpoint) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(endpoint == (try Endpoint(host: "localhost", port: 9)))
        #expect(error?.description.contains("no CT log list") == true)
    }
}
