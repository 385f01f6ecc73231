import Foundation
import RampartTestKit

/// A real `openssl s_server` on a loopback address, serving a lab chain: the peer that proves
/// Rampart's trust decisions against a TLS stack other than its own (and other than NIOSSL's
/// BoringSSL, which the in-process `LabServer` uses).
///
/// The chain and key are written to a private temporary folder; s_server listens on port 0 and
/// the port the system picked is read from its `ACCEPT` line, so there is no race for a free
/// port. ``withServer(_:_:)`` kills the process (SIGKILL) and removes the
/// folder however the body ends; nothing is left behind.
///
/// ```swift
/// let chain = try LabPKI.shared().chain(.good)
/// try await OpenSSLServer.withServer(OpenSSLServerConfiguration(chain: chain)) { server in
///     let exchange = try await LabClient.get(
///         host: server.host, port: server.port, serverName: "localhost",
///         trusting: [try LabPKI.shared().root.certificate])
///     print(exchange.status)           // 200, s_server's -www status page
/// }
/// ```
public final class OpenSSLServer: Sendable {
    /// Why a server could not be started.
    public enum Failure: Error, CustomStringConvertible {
        /// s_server exited, or did not report its port in time.
        case didNotStart(arguments: [String], exitCode: Int32?, output: String)

        public var description: String {
            switch self {
            case .didNotStart(let arguments, let exitCode, let output):
                let status = exitCode.map { "exited with status \($0)" } ?? "did not report its port within 10 s"
                return "openssl \(arguments.joined(separator: " ")) \(status); it printed:\n\(output)"
            }
        }
    }

    /// The loopback address the server listens on.
    public let host: String
    /// The port the system assigned.
    public let port: Int
    /// How the server was configured.
    public let configuration: OpenSSLServerConfiguration
    /// The s_server process's id.
    public let processIdentifier: Int32

    private let peer: RunningPeer
    private let folder: URL

    private init(
        host: String, port: Int, configuration: OpenSSLServerConfiguration, peer: RunningPeer, folder: URL
    ) {
        self.host = host
        self.port = port
        self.configuration = configuration
        self.peer = peer
        self.folder = folder
        self.processIdentifier = peer.process.processIdentifier
    }

    /// Everything s_server printed so far (standard output, then standard error): handshake
    /// errors show up here.
    public var output: String { peer.output }

    /// Whether the s_server process is still running.
    public var isRunning: Bool { peer.process.isRunning }

    /// Starts s_server; call ``stop()`` when done (or use ``withServer(_:_:)``).
    ///
    /// - Throws: ``PeerProcess/Failure/notInstalled(_:)`` when `openssl` is missing (run
    ///   `Scripts/test`), ``Failure`` when it does not start.
    public static func start(_ configuration: OpenSSLServerConfiguration) async throws -> OpenSSLServer {
        try LabLoopbackOnly.check(configuration.host, listener: "openssl s_server")
        guard let openssl = PeerTools.locate("openssl") else { throw PeerProcess.Failure.notInstalled("openssl") }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rampart-s_server-\(UUID().uuidString)")
        let arguments: [String]
        do {
            arguments = try writeFiles(configuration, to: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        let peer = RunningPeer(executable: openssl, arguments: arguments)
        do {
            try peer.launch()
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw PeerProcess.Failure.launchFailed("openssl", underlying: "\(error)")
        }
        let port = await DedicatedThread.run("wait for s_server's port") { peer.waitForPort(timeout: 10) }
        guard let port else {
            await DedicatedThread.run("stop s_server") { peer.terminate() }
            try? FileManager.default.removeItem(at: folder)
            throw Failure.didNotStart(
                arguments: arguments, exitCode: peer.process.isRunning ? nil : peer.process.terminationStatus,
                output: peer.output)
        }
        return OpenSSLServer(
            host: configuration.host, port: port, configuration: configuration, peer: peer, folder: folder)
    }

    /// Runs `body` with a started server, then terminates the server and removes its files, also
    /// when `body` throws.
    public static func withServer<Result: Sendable>(
        _ configuration: OpenSSLServerConfiguration,
        _ body: (OpenSSLServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(configuration)
        return try await LabLifecycle.using(server, stop: { await $0.stop() }, body)
    }

    /// Kills s_server (SIGKILL), waits for it, and removes the certificate files. Calling it again
    /// does nothing.
    public func stop() async {
        let peer = self.peer
        await DedicatedThread.run("stop s_server") { peer.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes the certificate files and returns s_server's arguments.
    private static func writeFiles(_ configuration: OpenSSLServerConfiguration, to folder: URL) throws -> [String] {
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let chain = configuration.chain
        let exported = try chain.export(to: folder)
        let (leaf, key) = (exported.leafPEM, exported.keyPEM)
        let listen = configuration.host.contains(":") ? "[\(configuration.host)]:0" : "\(configuration.host):0"
        var arguments = ["s_server", "-accept", listen, "-cert", leaf.path, "-key", key.path]
        if configuration.sendsIntermediates && !chain.intermediates.isEmpty {
            let intermediates = folder.appendingPathComponent("intermediates.pem")
            let pem = try chain.intermediates.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n")
            try Data((pem + "\n").utf8).write(to: intermediates)
            arguments += ["-cert_chain", intermediates.path]
        }
        if configuration.servesHTTP { arguments.append("-www") }
        if let level = configuration.securityLevel { arguments += ["-cipher", "DEFAULT:@SECLEVEL=\(level)"] }
        if configuration.disablesTLS13 { arguments.append("-no_tls1_3") }
        return arguments + configuration.extraArguments
    }
}

/// The s_server process, its pipes, and what it printed. Every mutable field is guarded by
/// `condition`.
private final class RunningPeer: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let standardOutput = Pipe()
    private let standardError = Pipe()
    private let condition = NSCondition()
    private let readers = DispatchGroup()
    private var printed = Data()
    private var printedErrors = Data()
    private var exited = false
    private var terminated = false

    init(executable: URL, arguments: [String]) {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = standardOutput
        process.standardError = standardError
    }

    var output: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: printed + printedErrors, as: UTF8.self)
    }

    func launch() throws {
        process.terminationHandler = { [self] _ in
            condition.lock()
            exited = true
            condition.broadcast()
            condition.unlock()
        }
        try process.run()
        drain(standardOutput.fileHandleForReading, isError: false)
        drain(standardError.fileHandleForReading, isError: true)
    }

    /// Keeps reading a pipe until end of file, so s_server never blocks on a full pipe.
    private func drain(_ handle: FileHandle, isError: Bool) {
        DedicatedThread.start("drain s_server", in: readers) { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if isError { printedErrors += chunk } else { printed += chunk }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    /// Blocks until s_server prints `ACCEPT host:port` (the port), exits, or `timeout` passes.
    func waitForPort(timeout: TimeInterval) -> Int? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let port = Self.acceptedPort(in: printed) { return port }
            if exited || !condition.wait(until: deadline) { return Self.acceptedPort(in: printed) }
        }
    }

    static func acceptedPort(in printed: Data) -> Int? {
        for line in String(decoding: printed, as: UTF8.self).split(whereSeparator: \.isNewline)
        where line.hasPrefix("ACCEPT ") {
            guard let colon = line.lastIndex(of: ":") else { continue }
            if let port = Int(line[line.index(after: colon)...]), port > 0 { return port }
        }
        return nil
    }

    /// SIGKILL; returns once the process has exited and its pipes are drained. Not SIGTERM: a
    /// child started from a test process inherits its threads' blocked signals (SIGTERM among
    /// them), so s_server never saw SIGTERM and every stop waited 5 s for the SIGKILL fallback.
    /// s_server holds nothing to flush or clean up.
    func terminate() {
        condition.lock()
        let first = !terminated
        terminated = true
        condition.unlock()
        if first {
            try? input.fileHandleForWriting.close()
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        _ = waitForExit(timeout: 5)
        _ = readers.wait(timeout: .now() + 5)
    }

    private func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !exited {
            if !condition.wait(until: deadline) { return exited }
        }
        return true
    }
}
