import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import RampartTestKit

/// The nginx process, with its output going to a file in its folder.
final class NginxProcess: @unchecked Sendable {
    let folder: URL
    let processIdentifier: Int32
    private let process = Process()
    private let lock = NSLock()

    init(executable: URL, folder: URL) throws {
        self.folder = folder
        let output = folder.appendingPathComponent("nginx.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.executableURL = executable
        process.arguments = [
            "-p", folder.path + "/", "-c", folder.appendingPathComponent("nginx.conf").path,
            "-e", folder.appendingPathComponent("error.log").path,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        do {
            try process.run()
        } catch {
            throw PeerProcess.Failure.launchFailed("nginx", underlying: "\(error)")
        }
        processIdentifier = process.processIdentifier
    }

    var isRunning: Bool { lock.withLock { process.isRunning } }

    /// The error log, then whatever nginx printed.
    var errorLog: String {
        let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        let printed = (try? String(contentsOf: folder.appendingPathComponent("nginx.out"), encoding: .utf8)) ?? ""
        return log + printed
    }

    /// SIGTERM, then SIGKILL after 5 s; returns once the process has exited.
    func terminate() {
        lock.withLock {
            guard process.isRunning else { return }
            kill(processIdentifier, SIGTERM)
            let deadline = Date(timeIntervalSinceNow: 5)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }
}
