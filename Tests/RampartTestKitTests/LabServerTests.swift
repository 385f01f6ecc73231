import Foundation
import NIOSSL
import RampartTestKit
import RampartTestSupport
import Testing

@Suite("Lab TLS servers")
struct LabServerTests {
    /// `openssl s_client` against a lab server, verifying against the lab root and the host name.
    func sClient(_ server: LabServer, extra: [String] = []) async throws -> (Int32, String) {
        let root = try Curl.exportRoot().rootPEM
        let host = server.host.contains(":") ? "[\(server.host)]" : server.host
        let result = try await PeerProcess.runAsync(
            "openssl",
            [
                "s_client", "-connect", "\(host):\(server.port)", "-servername", "localhost", "-verify_return_error",
                "-CAfile", root.path, "-verify_hostname", "localhost", "-brief",
            ] + extra)
        return (result.exitCode, result.standardOutputText + result.standardErrorText)
    }

    @Test(
        "openssl s_client verifies the good chain and fails each bad one with its verify error",
        arguments: [LabScenario.good, .expired, .wrongHost, .selfSigned, .missingIntermediate, .rogue])
    func handshake(scenario: LabScenario) async throws {
        let chain = try LabPKI.shared().chain(scenario)
        let (status, output) = try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            try await sClient(server)
        }
        if let failure = scenario.expectedVerifyError {
            #expect(status != 0, "s_client accepted \(scenario): \(output)")
            #expect(output.contains(failure), "\(scenario): \(output)")
        } else {
            #expect(status == 0, "\(output)")
            #expect(output.contains("Verification: OK"), "\(output)")
        }
    }

    @Test("a server restricted to TLS 1.0 refuses TLS 1.2 clients and serves a TLS 1.0 one")
    func tlsVersionRange() async throws {
        var configuration = LabServerConfiguration(chain: try LabPKI.shared().chain(.rsa2048))
        configuration.maximumTLSVersion = .tlsv1
        let (modern, legacy) = try await LabServer.withServer(configuration) { server in
            (
                try await sClient(server, extra: ["-tls1_2"]),
                try await sClient(server, extra: ["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"])
            )
        }
        #expect(modern.0 != 0, "a TLS 1.2 client got through: \(modern.1)")
        #expect(legacy.0 == 0, "\(legacy.1)")
        #expect(legacy.1.contains("Protocol version: TLSv1\n"), "\(legacy.1)")
    }

    @Test("a TLS 1.2 cipher list restricts the suites the server accepts")
    func cipherList() async throws {
        var configuration = LabServerConfiguration(chain: try LabPKI.shared().chain(.rsa2048))
        configuration.maximumTLSVersion = .tlsv12
        configuration.tls12CipherSuites = [.TLS_RSA_WITH_AES_128_CBC_SHA]
        let output = try await LabServer.withServer(configuration) { server in
            try await sClient(server, extra: ["-no_tls1_3", "-cipher", "DEFAULT:@SECLEVEL=0"])
        }
        #expect(output.0 == 0, "\(output.1)")
        #expect(output.1.contains("Ciphersuite: AES128-SHA"), "\(output.1)")
    }

    @Test("every lab listener refuses an address beyond loopback before opening a socket")
    func loopbackOnly() async throws {
        let chain = try LabPKI.shared().chain(.good)
        await #expect(throws: LabLoopbackOnly.self) {
            try await LabServer.start(LabServerConfiguration(chain: chain, host: "0.0.0.0"))
        }
        var web = LabWebServerConfiguration(chain: chain)
        web.host = "192.0.2.1"
        await #expect(throws: LabLoopbackOnly.self) { try await LabWebServer.start(web) }
        await #expect(throws: LabLoopbackOnly.self) { try await LabProxy.start(mode: .tunnel, host: "::") }
    }

    @Test("listens on ::1 as well as 127.0.0.1")
    func ipv6() async throws {
        let configuration = LabServerConfiguration(chain: try LabPKI.shared().chain(.good), host: "::1")
        let (status, output) = try await LabServer.withServer(configuration) { server in
            try await sClient(server)
        }
        #expect(status == 0, "\(output)")
    }

    @Test("the lab client verifies the chain, reads the fixed response, and is refused by a rogue server")
    func labClient() async throws {
        let pki = try LabPKI.shared()
        let exchange = try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            let exchange = try await LabClient.get(
                host: server.host, port: server.port, serverName: "localhost", trusting: [pki.root.certificate])
            #expect(server.requestsServed == 1)
            return exchange
        }
        #expect(exchange.status == 200)
        #expect(String(decoding: exchange.body, as: UTF8.self) == "hello from the Rampart lab\n")
        #expect(exchange.tlsVersion == .tlsv13)
        #expect(exchange.peerSubject?.contains("Rampart Lab good leaf") == true)
        await #expect(throws: NIOSSLError.self) {
            try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.rogue))) { server in
                try await LabClient.get(
                    host: server.host, port: server.port, serverName: "localhost", trusting: [pki.root.certificate])
            }
        }
    }

    @Test("stopping a server closes its port and its open connections")
    func stopReleasesPort() async throws {
        let pki = try LabPKI.shared()
        let server = try await LabServer.start(LabServerConfiguration(chain: try pki.chain(.good)))
        let port = server.port
        _ = try await LabClient.get(
            host: "127.0.0.1", port: port, serverName: "localhost", trusting: [pki.root.certificate])
        try await server.stop()
        await #expect(throws: (any Error).self) {
            try await LabClient.get(
                host: "127.0.0.1", port: port, serverName: "localhost", trusting: [pki.root.certificate])
        }
    }
}
