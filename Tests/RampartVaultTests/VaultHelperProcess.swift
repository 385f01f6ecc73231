import Foundation
import RampartTestKit
import RampartTestSupport

/// `VaultTestHelper` run as a child process whose standard output goes to a file the test polls.
final class VaultHelperProcess {
    static var url: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [besideTests, besideTests.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("VaultTestHelper")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return PeerTools.packageRoot.appendingPathComponent(".build/debug/VaultTestHelper")
    }

    let process = Process()
    let outputPath: String

    init(_ arguments: [String], outputPath: String) throws {
        self.outputPath = outputPath
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        process.executableURL = Self.url
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The lines the child printed so far.
    var lines: [String] {
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits until the child printed `count` lines (or exited, or 120 s passed).
    func waitForLines(_ count: Int) async throws {
        let deadline = Date().addingTimeInterval(120)
        while lines.count < count && process.isRunning && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func kill() async throws {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        _ = try await wait()
    }

    /// Waits for the child to exit without blocking a thread: the test runner's threads are few
    /// (one per core), and a child doing minutes of scrypt must not hold one of them.
    func wait() async throws -> Int32 {
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        process.waitUntilExit()  // already exited: returns at once, and makes the status readable
        return process.terminationStatus
    }
}
