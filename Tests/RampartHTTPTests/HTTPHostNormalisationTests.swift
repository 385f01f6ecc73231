import Foundation
import NIOConcurrencyHelpers
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTrust
import Testing

/// A URL's host is normalised once, by `ATSHost`, before the policy, the pins and the connection
/// see it: `https://LOCALHOST.:port/` is a request to the pinned host `localhost`.
@Suite("Hosts at the HTTP client's entry")
struct HTTPHostNormalisationTests {
    @Test("`LOCALHOST.` and `Localhost` are the pinned host `localhost`: pins enforced, one host in the events")
    func trailingDotAndCase() async throws {
        let pki = try LabHTTP.pki
        let hosts = NIOLockedValueBox<[String]>([])
        let client = try LabHTTP.client(pinning: [try LabHTTP.genuinePins()], extraRoots: [pki.rogueRoot.certificate]) {
            $0.onEvent = { event in
                switch event {
                case .connecting(let endpoint, _): hosts.withLockedValue { $0.append(endpoint.host.name) }
                case .trustDecision(let endpoint, _): hosts.withLockedValue { $0.append(endpoint.host.name) }
                default: break
                }
            }
        }
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            for spelling in ["LOCALHOST.", "Localhost"] {
                let failure = await LabHTTP.failure(client, "https://\(spelling):\(server.port)/")
                #expect(failure == nil, "\(spelling): \(failure.map { "\($0)" } ?? "")")
            }
        }
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.rogue))) { server in
            for spelling in ["LOCALHOST.", "localhost."] {
                let failure = await LabHTTP.failure(client, "https://\(spelling):\(server.port)/")
                #expect(failure?.isPolicyOrTrust == true, "\(spelling): \(failure.map { "\($0)" } ?? "none")")
            }
            #expect(server.requestsServed == 0)
        }
        let seen = hosts.withLockedValue { $0 }
        #expect(!seen.isEmpty && seen.allSatisfy { $0 == "localhost" }, "\(seen)")
    }
}
