import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rampart-demo`'s `main`: parses the command line, runs the demo, and turns every failure into a
/// message on standard error and an exit status (usage errors exit 2, as `rampart`'s do, not
/// ArgumentParser's 64).
///
/// The demo is its own executable so that the shipped `rampart` links no lab: RampartTestKit's
/// rogue PKI and TLS-intercepting proxy live only here and in the tests.
///
/// ```sh
/// swift run rampart-demo --format json
/// ```
@main
enum DemoEntryPoint {
    static func main() async {
        // A closed pipe becomes EPIPE (exit 141) instead of a signal.
        signal(SIGPIPE, SIG_IGN)
        let status: DemoExitStatus
        do {
            var command = try DemoCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let failure as DemoFailure {
            if !failure.message.isEmpty { DemoOutput.warn("rampart-demo: \(failure.message)") }
            status = failure.status
        } catch {
            status = report(error)
        }
        exit(status.rawValue)
    }

    /// Prints an ArgumentParser error (help, version, usage) the way ArgumentParser would, with our codes.
    private static func report(_ error: any Error) -> DemoExitStatus {
        let message = DemoCommand.fullMessage(for: error)
        guard DemoCommand.exitCode(for: error) != .success else {
            if message.isEmpty { return .success }
            do throws(DemoFailure) {
                try DemoOutput.line(message)
            } catch {
                if !error.message.isEmpty { DemoOutput.warn("rampart-demo: \(error.message)") }
                return error.status
            }
            return .success
        }
        DemoOutput.warn(message)
        return DemoCommand.exitCode(for: error) == .validationFailure ? .usage : .stepsFailed
    }
}
