import ArgumentParser
import Foundation

/// Parses the command line, runs the chosen subcommand, and turns every failure into a message
/// on standard error and one of the documented ``ExitStatus`` codes (usage errors exit 2, not
/// ArgumentParser's 64).
@main
enum EntryPoint {
    static func main() async {
        let status: ExitStatus
        do {
            var command = try Rampart.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let failure as CommandFailure {
            Terminal.warn("rampart: \(failure.message)")
            status = failure.status
        } catch {
            status = report(error)
        }
        exit(status.rawValue)
    }

    /// Prints an ArgumentParser error (help, version, usage) the way ArgumentParser would, with our codes.
    private static func report(_ error: any Error) -> ExitStatus {
        let message = Rampart.fullMessage(for: error)
        let code = Rampart.exitCode(for: error)
        if code == .success {
            if !message.isEmpty { print(message) }
            return .success
        }
        Terminal.warn(message)
        if code == .validationFailure { return .usage }
        if let known = ExitStatus(rawValue: code.rawValue) { return known }
        return .policyViolation
    }
}
