import ArgumentParser
import Foundation
// The output pieces shared with `rampart-demo` (StandardOutput, Terminal, CommandFailure, ExitStatus,
// ControlCharacterEscaping, RawArguments, PathArgument), visible to every file of the command line.
@_exported import RampartCommandLine
import RampartHTTP

/// Parses the command line, runs the chosen subcommand, and turns every failure into a message
/// on standard error and one of the documented ``ExitStatus`` codes (usage errors exit 2, not
/// ArgumentParser's 64).
///
/// The command line is parsed from its bytes (``RawArguments``): a value argument that is not
/// UTF-8 is refused (65) before the command runs, and path arguments are opened by their bytes
/// (``PathArgument``). Every message is written through `Terminal.warn`, which escapes control
/// characters, ArgumentParser's own usage errors (which quote the bad value) included.
@main
enum EntryPoint {
    static func main() async {
        StandardStreams.secure()
        tuneAllocator()
        InterruptCleanup.install()
        // `rampart fetch` is short-lived: its event loops, TLS context and handler metadata are
        // prepared on the second core while the main thread parses the arguments.
        if CommandLine.arguments.dropFirst().first == "fetch" { Task.detached { await HTTPClient.prepare() } }
        let status: ExitStatus
        do {
            var command = try Rampart.parseAsRoot(RawArguments.forParsing())
            if let refusal = RawArguments.refusal(in: command) { throw refusal }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let failure as CommandFailure {
            let failure = PathArgument.explained(failure)
            if !failure.message.isEmpty { Terminal.warn("rampart: \(failure.message)") }
            status = failure.status
        } catch {
            status = report(error)
        }
        exit(status.rawValue)
    }

    /// Streaming encryption allocates and frees the same few buffers per chunk (swift-crypto returns
    /// fresh `Data`). glibc's defaults hand that memory back to the kernel after each free, so every
    /// chunk paid for freshly zeroed pages: 750,000 page faults for 1 GiB of RNCryptor. Keeping freed
    /// memory in the heap (up to 64 MiB) removes them; peak memory does not grow, as the working set
    /// is a few buffers.
    private static func tuneAllocator() {
        #if canImport(Glibc)
            // <malloc.h>: M_TRIM_THRESHOLD is -1, M_MMAP_THRESHOLD is -3 (glibc's stable ABI).
            _ = glibcMallopt(-1, 64 << 20)
            _ = glibcMallopt(-3, 16 << 20)
        #endif
    }

    /// Prints an ArgumentParser error (help, version, usage) the way ArgumentParser would, with our codes.
    private static func report(_ error: any Error) -> ExitStatus {
        let message = Rampart.fullMessage(for: error)
        let code = Rampart.exitCode(for: error)
        if code == .success {
            guard !message.isEmpty else { return .success }
            do throws(CommandFailure) {
                try StandardOutput.line(message)
            } catch {
                if !error.message.isEmpty { Terminal.warn("rampart: \(error.message)") }
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
}

extension EntryPoint {
    /// ArgumentParser's `message` with each argument it may quote (whole, or the value of
    /// `--option=value`) escaped, so that a line feed inside a bad value cannot start a line of its own.
    fileprivate static func quotingArgumentsSafely(_ message: String) -> String {
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

#if canImport(Glibc)
    /// glibc's `mallopt`, which Swift's Glibc module does not export (it lives in `<malloc.h>`).
    @_silgen_name("mallopt")
    private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
