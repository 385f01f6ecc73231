import ArgumentParser
import Foundation
import RampartCommandLine

/// `rampart-demo`'s `main`: parses the command line, runs the demo, and turns every failure into a
/// message on standard error and one of `rampart`'s documented ``ExitStatus`` codes (usage errors
/// exit 2, not ArgumentParser's 64; a step that did not go as expected exits 1).
///
/// The demo is its own executable so that the shipped `rampart` links no lab: RampartTestKit's
/// rogue PKI and TLS-intercepting proxy live only here and in the tests. Its output goes through
/// the same checked pieces as `rampart`'s (RampartCommandLine: `StandardOutput`, `Terminal`).
///
/// ```sh
/// swift run rampart-demo --format json
/// ```
@main
enum DemoEntryPoint {
    static func main() async {
        // A closed pipe becomes EPIPE (exit 141) instead of a signal.
        StandardStreams.secure()
        let status: ExitStatus
        do {
            var command = try DemoCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { Terminal.warn("rampart-demo: \(failure.message)") }
            status = failure.status
        } catch {
            status = report(error)
        }
        exit(status.rawValue)
    }

    /// Prints an ArgumentParser error (help, version, usage) the way ArgumentParser would, with our codes.
    private static func report(_ error: any Error) -> ExitStatus {
        let message = DemoCommand.fullMessage(for: error)
        guard DemoCommand.exitCode(for: error) != .success else {
            if message.isEmpty { return .success }
            do throws(CommandFailure) {
                try StandardOutput.line(message)
            } catch {
                if !error.message.isEmpty { Terminal.warn("rampart-demo: \(error.message)") }
                return error.status
            }
            return .success
        }
        Terminal.warn(lines: message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        return DemoCommand.exitCode(for: error) == .validationFailure ? .usage : .policyViolation
    }
}
