import Foundation
import RampartTestKit
import RampartTestSupport

/// The `rampart` executable built beside the test bundle, run as a user would run it.
/// `RAMPART_CLI_BINARY=PATH` runs another build through the same tests instead (the static
/// release build the README installs, to check its link options change nothing a user sees).
enum RampartBinary {
    static var url: URL {
        if let other = ProcessInfo.processInfo.environment["RAMPART_CLI_BINARY"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        return built
    }

    /// The `rampart` built beside the test bundle.
    private static var built: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [besideTests, besideTests.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("rampart")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return PeerTools.packageRoot.appendingPathComponent(".build/debug/rampart")
    }

    /// The `XDG_STATE_HOME` `rampart` gets when a test gives none: a folder of the test run's
    /// shared scratch folder, so vault device keys never land in the user's `~/.local/state`.
    static let stateHome: String? = (try? ScratchFolder.shared().subfolder("xdg-state"))?.path

    /// The `rampart-demo` executable built beside `rampart`: the lab demo, a product of its own.
    static var demoURL: URL { built.deletingLastPathComponent().appendingPathComponent("rampart-demo") }

    /// Runs `rampart-demo` with `arguments`, with the same state folder as ``run(_:input:environment:)``.
    static func runDemo(_ arguments: [String], environment: [String: String] = [:]) async throws
        -> PeerProcess.Result
    {
        var environment = environment
        if environment["XDG_STATE_HOME"] == nil, let stateHome { environment["XDG_STATE_HOME"] = stateHome }
        return try await PeerProcess.runAsync(demoURL.path, arguments, environment: environment)
    }

    /// Runs `rampart` with `arguments` and `input` on standard input.
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) async throws
        -> PeerProcess.Result
    {
        var environment = environment
        if environment["XDG_STATE_HOME"] == nil, let stateHome { environment["XDG_STATE_HOME"] = stateHome }
        return try await PeerProcess.runAsync(url.path, arguments, input: input, environment: environment)
    }
}
