import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

@Suite("openssl s_server peers")
struct OpenSSLServerTests {
    struct Planned: Error {}

    /// Whether a process with this id still exists (a zombie would count: it must be reaped too).
    func exists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    @Test("serves the lab chain on an ephemeral loopback port to a client that trusts the lab root")
    func serves() async throws {
        let pki = try LabPKI.shared()
        let (pid, body) = try await OpenSSLServer.withServer(OpenSSLServerConfiguration(chain: try pki.chain(.good))) {
            server in
            #expect(server.port > 0)
            #expect(server.isRunning)
            let exchange = try await LabClient.get(
                host: server.host, port: server.port, serverName: "localhost", trusting: [pki.root.certificate])
            #expect(exchange.status == 200)
            return (server.processIdentifier, String(decoding: exchange.body, as: UTF8.self))
        }
        #expect(body.contains("s_server"), "not s_server's -www page: \(body)")
        #expect(!exists(pid), "s_server \(pid) outlived withServer")
    }

    @Test("the process is gone after the body throws, and so are its files")
    func stopsWhenTheBodyThrows() async throws {
        let chain = try LabPKI.shared().chain(.good)
        let seen = PIDBox()
        await #expect(throws: Planned.self) {
            try await OpenSSLServer.withServer(OpenSSLServerConfiguration(chain: chain)) { server in
                seen.pid = server.processIdentifier
                throw Planned()
            }
        }
        let pid = try #require(seen.pid)
        #expect(!exists(pid), "s_server \(pid) outlived a throwing body")
    }

    @Test("without -cert_chain only the leaf goes out; a client that trusts the root cannot build a path")
    func leafOnly() async throws {
        let pki = try LabPKI.shared()
        var configuration = OpenSSLServerConfiguration(chain: try pki.chain(.good))
        configuration.sendsIntermediates = false
        await #expect(throws: (any Error).self) {
            try await OpenSSLServer.withServer(configuration) { server in
                try await LabClient.get(
                    host: server.host, port: server.port, serverName: "localhost", trusting: [pki.root.certificate])
            }
        }
    }

    @Test("refuses to listen beyond loopback")
    func loopbackOnly() async throws {
        let configuration = OpenSSLServerConfiguration(chain: try LabPKI.shared().chain(.good), host: "0.0.0.0")
        await #expect(throws: LabLoopbackOnly.self) {
            try await OpenSSLServer.withServer(configuration) { _ in () }
        }
    }

    @Test("a server that cannot start reports what openssl printed, and leaves no process")
    func badArguments() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try LabPKI.shared().chain(.good))
        configuration.extraArguments = ["-no-such-option"]
        do {
            try await OpenSSLServer.withServer(configuration) { _ in () }
            Issue.record("s_server started with an unknown option")
        } catch let failure as OpenSSLServer.Failure {
            #expect("\(failure)".contains("no-such-option"), "\(failure)")
        }
    }
}

/// Carries the server's process id out of a throwing body.
private final class PIDBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int32?
    var pid: Int32? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
