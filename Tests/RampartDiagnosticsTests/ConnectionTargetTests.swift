import Foundation
import RampartDiagnostics
import RampartPolicy
import RampartTestKit
import RampartTrust
import Testing

/// Diagnostics connect only where they were asked to: every target is an `Endpoint`, and a port
/// outside 1…65535 is refused before any connection instead of being wrapped onto another one.
@Suite("Connection targets of diagnostics")
struct ConnectionTargetTests {
    @Test("the probe refuses port P + 65536 while a server listens on P, instead of reading P's chain")
    func probeDoesNotWrap() async throws {
        let chain = try LabPKI.shared().chain(.good)
        try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            await #expect(throws: EndpointError.portOutOfRange(String(server.port + 65536))) {
                _ = try await ServedChainProbe.fetchDER(try Endpoint(host: "127.0.0.1", port: server.port + 65536))
            }
            let endpoint = try Endpoint(host: "127.0.0.1", port: server.port)
            #expect(try await ServedChainProbe.fetch(endpoint, serverName: "localhost") == chain.served)
        }
    }

    @Test("a probe failure names an IPv6 endpoint with brackets")
    func ipv6Place() async throws {
        let server = try await LabServer.start(
            LabServerConfiguration(chain: try LabPKI.shared().chain(.good), host: "::1"))
        let port = server.port
        try await server.stop()
        await #expect {
            try await ServedChainProbe.fetchDER(try Endpoint(parsing: "[::1]:\(port)"))
        } throws: { error in
            "\(error)".contains("cannot connect to [::1]:\(port)")
        }
    }

    @Test("diagnose refuses a wrapped port, port 0 and credentials before any work, never quoting the password")
    func diagnoseRefusesBadURLs() async throws {
        let chain = try LabPKI.shared().chain(.good)
        try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            let diagnostics = ATSDiagnostics(anchors: .only([try LabPKI.shared().root.certificate]))
            for (text, reason) in [
                (
                    "https://127.0.0.1:\(server.port + 65536)/",
                    EndpointError.portOutOfRange(String(server.port + 65536))
                ),
                ("https://127.0.0.1:0/", .portOutOfRange("0")),
                ("https://user:hunter2@127.0.0.1:\(server.port)/", .credentialsInURL),
            ] {
                let url = try #require(URL(string: text))
                do throws(ATSDiagnosticsError) {
                    let diagnosis = try await diagnostics.diagnose(url)
                    Issue.record("\(text) was diagnosed: \(diagnosis.chain.count) certificates read")
                } catch {
                    guard case .unusableURL(let shown, let found) = error else {
                        Issue.record("\(text): \(error)")
                        continue
                    }
                    #expect(found == reason)
                    #expect(!shown.contains("hunter2") && !error.description.contains("hunter2"))
                }
            }
        }
    }

    @Test("pin health of many domains on a server that never answers: each is timed out at the overall deadline")
    func overallDeadline() async throws {
        let pin = try SPKIPin(certificate: try LabPKI.shared().chain(.good).leaf.certificate)
        let hosts = try ["a.example", "b.example", "c.example", "d.example", "e.example", "f.example", "g.example"].map
        {
            try PinnedHost(domain: $0, pins: [.init(pin)], requiresBackupPin: false)
        }
        let checker = PinHealthCheck(anchors: .only([try LabPKI.shared().root.certificate]), timeout: .seconds(600))
        let outcomes = try await LabScriptedPeer.with(.silent) { port in
            let silent = try Endpoint(host: "127.0.0.1", port: port)
            let endpoints = Dictionary(uniqueKeysWithValues: hosts.map { ($0.domain, silent) })
            return await checker.check(hosts, endpoints: endpoints, maxTime: .milliseconds(500))
        }
        #expect(outcomes.count == hosts.count)
        for (outcome, host) in zip(outcomes, hosts) {
            guard case .timedOut(let pinned, let endpoint) = outcome else {
                Issue.record("\(host.domain): \(outcome)")
                continue
            }
            #expect(pinned.domain == host.domain && endpoint?.host.name == "127.0.0.1")
        }
    }

    @Test("an expired pin set is trusted (apps ignore it) and named, never 'not trusted' with an empty reason")
    func expiredPinSet() async throws {
        let chain = try LabPKI.shared().chain(.good)
        let pins = try [LabScenario.good, .p384].map {
            PinnedHost.ScopedPin(try SPKIPin(certificate: try LabPKI.shared().chain($0).leaf.certificate))
        }
        let host = try PinnedHost(domain: "localhost", pins: pins, expiration: Date() - 86_400)
        let checker = PinHealthCheck(anchors: .only([try LabPKI.shared().root.certificate]))
        let health = try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            try await checker.check(host, endpoint: try Endpoint(host: "127.0.0.1", port: server.port))
        }
        #expect(!health.problems.contains { if case .untrusted = $0 { true } else { false } }, "\(health.problems)")
        #expect(health.problems.contains { if case .pinSetExpired = $0 { true } else { false } }, "\(health.problems)")
    }
}
