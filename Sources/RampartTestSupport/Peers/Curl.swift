import Foundation
import RampartTestKit

/// The real `curl` as the lab servers' client.
public enum Curl {
    /// What one curl run returned.
    public struct Outcome: Sendable {
        public var exitCode: Int32
        public var output: String
        public var errors: String
        public var outputBytes: Data
    }

    /// A folder holding `root.pem` (and the rest of the chain's files) for `scenario`'s issuing root (the lab root, or the rogue
    /// root for `LabScenario/rogue`).
    public static func exportRoot(_ scenario: LabScenario = .good) throws -> LabChainFiles {
        try exported.files(for: scenario)
    }

    /// One exported folder per scenario for the whole test run.
    private static let exported = ExportedChains()

    private final class ExportedChains: @unchecked Sendable {
        private let lock = NSLock()
        private var folders: [LabScenario: LabChainFiles] = [:]

        func files(for scenario: LabScenario) throws -> LabChainFiles {
            try lock.withLock {
                if let files = folders[scenario] { return files }
                let files = try LabPKI.shared().chain(scenario).export(
                    to: try ScratchFolder.shared().url(scenario.rawValue))
                folders[scenario] = files
                return files
            }
        }
    }

    /// Runs curl silently (errors still shown) with `arguments`; the environment's proxy settings
    /// are ignored unless the arguments name a proxy.
    public static func run(_ arguments: [String]) async throws -> Outcome {
        var all = ["-sS"]
        if !arguments.contains("--proxy") { all += ["--noproxy", "*"] }
        let result = try await PeerProcess.runAsync("curl", all + arguments)
        return Outcome(
            exitCode: result.exitCode, output: result.standardOutputText, errors: result.standardErrorText,
            outputBytes: result.standardOutput)
    }
}
