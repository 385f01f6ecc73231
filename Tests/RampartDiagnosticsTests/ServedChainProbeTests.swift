import Foundation
import RampartDiagnostics
import RampartPolicy
import RampartTestKit
import Testing

@Suite("Served chain probe")
struct ServedChainProbeTests {
    @Test(
        "returns the chain exactly as served, trusted or not",
        arguments: [LabScenario.good, .selfSigned, .expired, .missingIntermediate, .ed25519])
    func served(scenario: LabScenario) async throws {
        let chain = try LabPKI.shared().chain(scenario)
        let served = try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            try await ServedChainProbe.fetch(
                try Endpoint(host: server.host, port: server.port), serverName: "localhost")
        }
        #expect(served == chain.served)
    }

    @Test("works over IPv6 without SNI")
    func ipv6() async throws {
        let chain = try LabPKI.shared().chain(.good)
        let served = try await LabServer.withServer(LabServerConfiguration(chain: chain, host: "::1")) { server in
            try await ServedChainProbe.fetch(try Endpoint(host: "::1", port: server.port))
        }
        #expect(served.count == 2)
    }

    @Test("a closed port is a connect failure that names the endpoint")
    func closedPort() async throws {
        let server = try await LabServer.start(LabServerConfiguration(chain: try LabPKI.shared().chain(.good)))
        let port = server.port
        try await server.stop()
        await #expect {
            try await ServedChainProbe.fetch(try Endpoint(host: "127.0.0.1", port: port))
        } throws: { error in
            "\(error)".contains("cannot connect to 127.0.0.1:\(port)")
        }
    }
}
