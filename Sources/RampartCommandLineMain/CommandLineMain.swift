import ArgumentParser
import Foundation
import RampartCommandLine

/// The body of `main` that `rampart` and `rampart-demo` share: parses the command line from its
/// bytes (``RawArguments``), runs the chosen command, and turns every failure into a message on
/// standard error and one of the documented ``ExitStatus`` codes (usage errors exit 2, not
/// ArgumentParser's 64).
///
/// A value argument that is not UTF-8 is refused (65) before the command runs, and path arguments
/// are opened by their bytes (``PathArgument``). Every message is written through `Terminal.warn`,
/// which escapes control characters, ArgumentParser's own usage errors (which quote the bad
/// value) included. The caller prepares the process first (`StandardStreams.secure()`).
///
/// ```swift
/// StandardStreams.secure()
/// exit(await CommandLineMain.run(Rampart.self, name: "rampart").rawValue)
/// ```
package enum CommandLineMain {
    /// Runs `Root` on the process's arguments; the status to exit with. `name` starts each message.
    ///
    /// On the main actor, so that the arguments are parsed on the main thread as soon as `main`
    /// calls this, instead of after a hop to a thread of the global executor (which a short-lived
    /// process may still have to start); the chosen command's `run()` still runs where its own
    /// isolation says.
    ///
    /// `plain` may take a command line first, without ArgumentParser (``PlainArguments``): it
    /// returns the command to run, or `nil` to leave the command line to ArgumentParser. Its
    /// command runs where a parsed command's `run()` would, and its failures are reported exactly
    /// as the parsed commands' are.
    @MainActor
    package static func run<Root: ParsableCommand>(
        _ root: Root.Type, name: String, plain: ([String]) -> (@MainActor () async throws -> Void)? = { _ in nil }
    ) async -> ExitStatus {
        do {
            let arguments = RawArguments.forParsing()
            if let command = plain(arguments) {
                try await command()
                return .success
            }
            var command = try Root.parseAsRoot(arguments)
            if let refusal = RawArguments.refusal(in: command) { throw refusal }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return .success
        } catch let failure as CommandFailure {
            let failure = PathArgument.explained(failure)
            if !failure.message.isEmpty { Terminal.warn("\(name): \(failure.message)") }
            return failure.status
        } catch {
            return report(error, of: root, name: name)
        }
    }

    /// Prints an ArgumentParser error (help, version, usage) the way ArgumentParser would, with our codes.
    private static func report<Root: ParsableCommand>(_ error: any Error, of root: Root.Type, name: String)
        -> ExitStatus
    {
        let message = Root.fullMessage(for: error)
        let code = Root.exitCode(for: error)
        if code == .success {
            guard !message.isEmpty else { return .success }
            do throws(CommandFailure) {
                try StandardOutput.line(message)
            } catch {
                if !error.message.isEmpty { Terminal.warn("\(name): \(error.message)") }
                return error.status
            }
            return .success
        }
        Terminal.warn(
            lines: quotingArgumentsSafely(message).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init))
        // A bad value that is not UTF-8 (ArgumentParser quotes it) is bad data, as everywhere else.
        if code == .validationFailure { return RawArguments.holdsRawBytes(message) ? .dataError : .usage }
        if let known = ExitStatus(rawValue: code.rawValue) { return known }
        return .policyViolation
    }

    /// ArgumentParser's `message` with each argument it may quote (whole, or the value of
    /// `--option=value`) escaped, so that a line feed inside a bad value cannot start a line of its own.
    private static func quotingArgumentsSafely(_ message: String) -> String {
        var quoted: Set<String> = []
        for argument in RawArguments.forParsing() {
            quoted.insert(argument)
            if argument.hasPrefix("-"), let equals = argument.firstIndex(of: "=") {
                quoted.insert(String(argument[argument.index(after: equals)...]))
            }
        }
        var safe = message
        for argument in quoted.sorted(by: { $0.count > $1.count }) {
            let shown = ControlCharacterEscaping.sanitized(argument)
            if shown != argument && !argument.isEmpty { safe = safe.replacingOccurrences(of: argument, with: shown) }
        }
        return safe
    }
}
