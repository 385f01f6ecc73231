import Foundation
import RampartTestKit

/// The real `curl` as the lab servers' client.
enum Curl {
    /// What one curl run returned.
    struct Outcome {
        var exitCode: Int32
        var output: String
        var errors: String
        var outputBytes: Data
    }

    /// A fresh folder holding `root.pem` for `scenario`'s issuing root (the lab root, or the rogue
    /// root for ``LabScenario/rogue``).
    static func exportRoot(_ scenario: LabScenario = .good) throws -> LabChainFiles {
        try LabPKI.shared().chain(scenario).export(to: try temporaryFolder())
    }

    /// Runs curl silently (errors still shown) with `arguments`; the environment's proxy settings
    /// are ignored unless the arguments name a proxy.
    static func run(_ arguments: [String]) async throws -> Outcome {
        var all = ["-sS"]
        if !arguments.contains("--proxy") { all += ["--noproxy", "*"] }
        let result = try await PeerProcess.runAsync("curl", all + arguments)
        return Outcome(
            exitCode: result.exitCode, output: result.standardOutputText, errors: result.standardErrorText,
            outputBytes: result.standardOutput)
    }
}
