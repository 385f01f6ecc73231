import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import RampartTestKit

/// A real `nginx` on 127.0.0.1 — one TLS server serving a lab chain and one cleartext server —
/// the production-grade peer an HTTP client is demoed and tested against.
///
/// Both servers answer:
/// - `/`: `200 hello from nginx\n`;
/// - `/redirect`: `301` to `/`;
/// - `/redirect-to-http`: `302` to `http://127.0.0.1:CLEARTEXTPORT/` (a downgrade);
/// - `/status/404`: `404`;
/// - `/redirect-to-ip`: `302` to `/` on `127.0.0.1` and the same port (another origin than
///   `localhost`, served under the same certificate);
/// - `/trailers`: `200` with an `X-Lab-Trailer` trailer (sent over HTTP/2 and chunked HTTP/1.1);
/// - `/files/1k.bin`, `/files/1m.bin`, `/files/16m.bin`: static files of `LabPattern` bytes.
///
/// nginx runs in the foreground (`daemon off; master_process off`) from a private 0700 temporary
/// folder holding its configuration, certificate files, logs, pid file and temp paths, so it
/// needs no system folder and runs as any user. The ports are picked free before starting; another
/// process (a suite running beside) may take one before nginx binds it, so nginx counts as started
/// only once it wrote its pid file, which it does after binding every port, and a start whose bind
/// failed is retried with fresh ports (up to 5 times). ``withServer(_:_:)`` stops nginx and removes
/// the folder however the body ends.
///
/// ```swift
/// let chain = try LabPKI.shared().chain(.good)
/// try await NginxServer.withServer(NginxServerConfiguration(chain: chain)) { nginx in
///     print(nginx.httpsURL + "/files/1m.bin", nginx.httpURL)
/// }
/// ```
public final class NginxServer: Sendable {
    /// Why nginx could not be started.
    public enum Failure: Error, CustomStringConvertible {
        /// nginx exited, could not bind its ports, or did not accept connections within 10 s, on
        /// every attempt.
        case didNotStart(attempts: Int, errorLog: String)

        public var description: String {
            switch self {
            case .didNotStart(let attempts, let errorLog):
                return "nginx did not start (\(attempts) attempt(s)); its error log says:\n\(errorLog)"
            }
        }
    }

    /// The address both servers listen on.
    public let host = "127.0.0.1"
    /// The TLS server's port.
    public let tlsPort: Int
    /// The cleartext server's port.
    public let cleartextPort: Int
    /// How the server was configured.
    public let configuration: NginxServerConfiguration
    /// The nginx process's id.
    public let processIdentifier: Int32

    private let process: NginxProcess

    private init(configuration: NginxServerConfiguration, ports: (Int, Int), process: NginxProcess) {
        self.configuration = configuration
        self.tlsPort = ports.0
        self.cleartextPort = ports.1
        self.process = process
        self.processIdentifier = process.processIdentifier
    }

    /// `https://127.0.0.1:TLSPORT` (no trailing slash).
    public var httpsURL: String { "https://\(host):\(tlsPort)" }
    /// `http://127.0.0.1:CLEARTEXTPORT` (no trailing slash).
    public var httpURL: String { "http://\(host):\(cleartextPort)" }

    /// What nginx wrote to its error log so far.
    public var errorLog: String { process.errorLog }

    /// Whether the nginx process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The nginx executable: on `PATH`, in `/usr/sbin`, or `nil` when not installed.
    public static var executable: URL? {
        PeerTools.locate("nginx") ?? PeerTools.locate("/usr/sbin/nginx")
    }

    /// Starts nginx; call ``stop()`` when done (or use ``withServer(_:_:)``).
    ///
    /// ```swift
    /// let nginx = try await NginxServer.start(NginxServerConfiguration(chain: try LabPKI.shared().chain(.good)))
    /// print(nginx.tlsPort, nginx.cleartextPort)
    /// await nginx.stop()
    /// ```
    ///
    /// - Throws: ``PeerProcess/Failure/notInstalled(_:)`` when nginx is missing (run `Scripts/test`,
    ///   which installs it), ``Failure/didNotStart(attempts:errorLog:)`` when it does not come up.
    public static func start(_ configuration: NginxServerConfiguration) async throws -> NginxServer {
        try await start(configuration, ports: { (try await freePort(), try await freePort()) })
    }

    /// ``start(_:)`` with the ports of each attempt (TLS, cleartext) picked by `ports`: how a test
    /// hands nginx ports another process holds.
    package static func start(
        _ configuration: NginxServerConfiguration, ports pick: () async throws -> (Int, Int)
    ) async throws -> NginxServer {
        guard let nginx = executable else { throw PeerProcess.Failure.notInstalled("nginx") }
        var lastLog = ""
        let attempts = 5
        for _ in 0..<attempts {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("rampart-nginx-\(UUID().uuidString)")
            do {
                let ports = try await pick()
                guard ports.0 != ports.1 else { continue }
                try writeFiles(configuration, ports: ports, to: folder)
                let process = try NginxProcess(executable: nginx, folder: folder)
                if await waitUntilListening(ports: ports, process: process) {
                    return NginxServer(configuration: configuration, ports: ports, process: process)
                }
                lastLog = process.errorLog
                await DedicatedThread.run("stop nginx") { process.terminate() }
                try? FileManager.default.removeItem(at: folder)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
        }
        throw Failure.didNotStart(attempts: attempts, errorLog: lastLog)
    }

    /// Runs `body` with a started nginx, then stops it and removes its folder, also when `body`
    /// throws.
    ///
    /// ```swift
    /// let pid = try await NginxServer.withServer(configuration) { $0.processIdentifier }
    /// ```
    public static func withServer<Result: Sendable>(
        _ configuration: NginxServerConfiguration,
        _ body: (NginxServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(configuration)
        return try await LabLifecycle.using(server, stop: { await $0.stop() }, body)
    }

    /// Terminates nginx (SIGTERM; SIGKILL if it has not exited after 5 s), waits for it, and
    /// removes its folder. Calling it again does nothing.
    ///
    /// ```swift
    /// await nginx.stop()
    /// ```
    public func stop() async {
        let process = self.process
        await DedicatedThread.run("stop nginx") { process.terminate() }
        try? FileManager.default.removeItem(at: process.folder)
    }

    /// A port nothing listens on right now: bound to port 0, read, released. Free when asked only:
    /// ``waitUntilListening(ports:process:)`` checks that nginx, not another process, got it.
    static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }

    /// Waits until nginx itself listens on both ports: its pid file exists (nginx writes it after
    /// binding every listening socket, and a bind that fails ends nginx before) and both ports accept
    /// a TCP connection. `false` at once when nginx exits or logs a failed `bind()` (the port was
    /// taken between ``freePort()`` and nginx's bind: another process would answer on it), or
    /// after 10 s.
    static func waitUntilListening(ports: (Int, Int), process: NginxProcess) async -> Bool {
        let pidFile = process.folder.appendingPathComponent("nginx.pid").path
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            guard process.isRunning, !process.errorLog.contains("bind() to") else { return false }
            if FileManager.default.fileExists(atPath: pidFile), await accepts(ports.0), await accepts(ports.1) {
                return process.isRunning
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    static func accepts(_ port: Int) async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(1))
                .connect(host: "127.0.0.1", port: port).get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }
}
