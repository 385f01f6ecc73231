import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

@Suite("Lab HTTP CONNECT proxy")
struct LabProxyTests {
    /// A TLS web server with the good lab chain.
    func goodServer() throws -> LabWebServerConfiguration {
        LabWebServerConfiguration(chain: try LabPKI.shared().chain(.good))
    }

    @Test("tunnel: curl reaches an HTTPS server through the proxy, which records the CONNECT target")
    func tunnel() async throws {
        let root = try Curl.exportRoot()
        try await LabWebServer.withServer(try goodServer()) { server in
            try await LabProxy.withProxy(mode: .tunnel) { proxy in
                let outcome = try await Curl.run([
                    "--proxy", proxy.url, "--cacert", root.rootPEM.path, "https://localhost:\(server.port)/echo",
                ])
                #expect(outcome.exitCode == 0, "\(outcome.errors)")
                #expect(outcome.output.hasPrefix("GET /echo\n"), "\(outcome.output)")
                #expect(proxy.connectTargets == ["localhost:\(server.port)"])
                #expect(proxy.interceptedPlaintext.isEmpty)
                #expect(server.requestsServed == 1)
            }
        }
    }

    @Test("tunnel on ::1 to a server on ::1")
    func tunnelIPv6() async throws {
        let root = try Curl.exportRoot()
        var configuration = try goodServer()
        configuration.host = "::1"
        try await LabWebServer.withServer(configuration) { server in
            try await LabProxy.withProxy(mode: .tunnel, host: "::1") { proxy in
                #expect(proxy.url == "http://[::1]:\(proxy.port)")
                let outcome = try await Curl.run([
                    "--proxy", proxy.url, "--cacert", root.rootPEM.path, "-g", "https://[::1]:\(server.port)/",
                ])
                #expect(outcome.exitCode == 0, "\(outcome.errors)")
                #expect(outcome.output == "hello from the Rampart lab\n")
                #expect(proxy.connectTargets == ["[::1]:\(server.port)"])
            }
        }
    }

    @Test("required credentials: 407 with a Basic challenge without them, a tunnel with them")
    func credentials() async throws {
        let root = try Curl.exportRoot()
        try await LabWebServer.withServer(try goodServer()) { server in
            try await LabProxy.withProxy(mode: .tunnel, requiredCredentials: (user: "lab", password: "s3cret")) {
                proxy in
                let url = "https://localhost:\(server.port)/"
                let refused = try await Curl.run(["--proxy", proxy.url, "--cacert", root.rootPEM.path, "-v", url])
                #expect(refused.exitCode == 56, "\(refused.errors)")
                #expect(refused.errors.contains("407"), "\(refused.errors)")
                #expect(refused.errors.contains("Proxy-Authenticate: Basic realm=\"lab\""), "\(refused.errors)")
                let wrong = try await Curl.run([
                    "--proxy", proxy.url, "--proxy-user", "lab:wrong", "--cacert", root.rootPEM.path, url,
                ])
                #expect(wrong.exitCode == 56, "\(wrong.errors)")
                let accepted = try await Curl.run([
                    "--proxy", proxy.url, "--proxy-user", "lab:s3cret", "--cacert", root.rootPEM.path, url,
                ])
                #expect(accepted.exitCode == 0, "\(accepted.errors)")
                #expect(accepted.output == "hello from the Rampart lab\n")
                #expect(server.requestsServed == 1)
            }
        }
    }

    @Test("refuse mode answers the CONNECT with its status and curl gives up (exit 56)")
    func refuse() async throws {
        let root = try Curl.exportRoot()
        try await LabWebServer.withServer(try goodServer()) { server in
            try await LabProxy.withProxy(mode: .refuse(status: 403)) { proxy in
                let outcome = try await Curl.run([
                    "--proxy", proxy.url, "--cacert", root.rootPEM.path, "https://localhost:\(server.port)/",
                ])
                #expect(outcome.exitCode == 56, "\(outcome.errors)")
                #expect(outcome.errors.contains("403"), "\(outcome.errors)")
                #expect(proxy.connectTargets == ["localhost:\(server.port)"])
                #expect(server.connectionsAccepted == 0)
            }
        }
    }

    @Test("a CONNECT beyond loopback gets 403, a plain GET 405, an oversized head 431")
    func refusals() async throws {
        try await LabProxy.withProxy(mode: .tunnel) { proxy in
            let remote = try await Curl.run(["--proxy", proxy.url, "https://example.com:443/"])
            #expect(remote.exitCode == 56, "\(remote.errors)")
            #expect(remote.errors.contains("403"), "\(remote.errors)")
            #expect(proxy.connectTargets == ["example.com:443"])
            let plain = try await Curl.run([
                "--proxy", proxy.url, "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:9/",
            ])
            #expect(plain.output == "405", "\(plain.errors)")
            let big = try await Curl.run([
                "--proxy", proxy.url, "--proxy-header", "X-Big: " + String(repeating: "b", count: 20_000),
                "https://localhost:9/",
            ])
            #expect(big.exitCode == 56, "\(big.errors)")
            #expect(big.errors.contains("431"), "\(big.errors)")
        }
    }

    @Test("intercept: a client that trusts the rogue root is read in the clear by the proxy")
    func interceptSeesPlaintext() async throws {
        let pki = try LabPKI.shared()
        let rogueRoot = try Curl.exportRoot(.rogue)
        let mode = LabProxyMode.intercept(presenting: try pki.chain(.rogue), upstreamRoots: [pki.root.certificate])
        try await LabWebServer.withServer(try goodServer()) { server in
            try await LabProxy.withProxy(mode: mode) { proxy in
                let outcome = try await Curl.run([
                    "--proxy", proxy.url, "--cacert", rogueRoot.rootPEM.path, "-H", "Authorization: Bearer secret",
                    "--data-binary", "card=4111", "https://localhost:\(server.port)/echo",
                ])
                #expect(outcome.exitCode == 0, "\(outcome.errors)")
                #expect(outcome.output.hasPrefix("POST /echo\n"), "\(outcome.output)")
                #expect(outcome.output.hasSuffix("\n\ncard=4111"), "\(outcome.output)")
                #expect(proxy.interceptedText.contains("Authorization: Bearer secret"), "\(proxy.interceptedText)")
                #expect(proxy.interceptedText.hasSuffix("card=4111"), "\(proxy.interceptedText)")
                #expect(server.lastRequestHeaders?.contains { $0 == ("Authorization", "Bearer secret") } == true)
                let byAddress = try await Curl.run([
                    "--proxy", proxy.url, "--cacert", rogueRoot.rootPEM.path, "https://127.0.0.1:\(server.port)/",
                ])
                #expect(byAddress.exitCode == 0, "\(byAddress.errors)")
                #expect(byAddress.output == "hello from the Rampart lab\n")
                #expect(proxy.connectTargets == ["localhost:\(server.port)", "127.0.0.1:\(server.port)"])
            }
        }
    }

    @Test("intercept: a client that trusts only the lab root refuses the rogue certificate (exit 60); nothing leaks")
    func interceptRefusedByVerifyingClient() async throws {
        let pki = try LabPKI.shared()
        let labRoot = try Curl.exportRoot()
        let mode = LabProxyMode.intercept(presenting: try pki.chain(.rogue), upstreamRoots: [pki.root.certificate])
        try await LabWebServer.withServer(try goodServer()) { server in
            try await LabProxy.withProxy(mode: mode) { proxy in
                let outcome = try await Curl.run([
                    "--proxy", proxy.url, "--cacert", labRoot.rootPEM.path, "-H", "Authorization: Bearer secret",
                    "https://localhost:\(server.port)/echo",
                ])
                #expect(outcome.exitCode == 60, "\(outcome.errors)")
                #expect(proxy.connectTargets == ["localhost:\(server.port)"])
                #expect(proxy.interceptedPlaintext.isEmpty, "\(proxy.interceptedText)")
                #expect(server.requestsServed == 0)
            }
        }
    }

    @Test(
        "intercept: the proxy verifies the target too (chain and name, by name or address), and will not relay otherwise",
        arguments: [LabScenario.selfSigned, .wrongHost, .expired])
    func interceptVerifiesUpstream(scenario: LabScenario) async throws {
        let pki = try LabPKI.shared()
        let rogueRoot = try Curl.exportRoot(.rogue)
        let mode = LabProxyMode.intercept(presenting: try pki.chain(.rogue), upstreamRoots: [pki.root.certificate])
        try await LabWebServer.withServer(LabWebServerConfiguration(chain: try pki.chain(scenario))) { server in
            try await LabProxy.withProxy(mode: mode) { proxy in
                for host in ["localhost", "127.0.0.1"] {
                    let outcome = try await Curl.run([
                        "--proxy", proxy.url, "--cacert", rogueRoot.rootPEM.path, "--max-time", "10",
                        "https://\(host):\(server.port)/",
                    ])
                    #expect(outcome.exitCode != 0, "\(host): \(outcome.output)")
                }
                #expect(server.requestsServed == 0)
            }
        }
    }

    @Test("stop() closes the listener and both sides of an open relay")
    func stopClosesRelays() async throws {
        let root = try Curl.exportRoot()
        try await LabWebServer.withServer(try goodServer()) { server in
            let proxy = try await LabProxy.start(mode: .tunnel)
            async let stalled = Curl.run([
                "--proxy", proxy.url, "--cacert", root.rootPEM.path, "--max-time", "120",
                "https://localhost:\(server.port)/stall/head",
            ])
            let deadline = ContinuousClock.now + .seconds(60)
            while server.requestsServed == 0 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            let started = ContinuousClock.now
            try await proxy.stop()
            let outcome = try await stalled
            // Well under curl's own 120 s limit: stop() closed the connection, curl did not time out.
            #expect(ContinuousClock.now - started < .seconds(60))
            #expect(outcome.exitCode != 0 && outcome.exitCode != 28, "\(outcome.exitCode) \(outcome.errors)")
            let after = try await Curl.run(["--proxy", proxy.url, "https://localhost:\(server.port)/"])
            #expect(after.exitCode == 7, "\(after.errors)")
        }
    }
}
