import Foundation

/// Runs an external peer program (`openssl`, `age`, the project's Python virtualenv…) to completion
/// and captures what it printed.
///
/// Test suites use it to check Rampart against real implementations instead of hand-written
/// expectations. Standard input, output and error are all pipes, drained concurrently, so a peer
/// that prints a lot never blocks.
///
/// ```swift
/// let result = try await PeerProcess.runAsync("openssl", ["version"])
/// print(result.exitCode, result.standardOutputText)
/// ```
public struct PeerProcess: Sendable {
    /// What a finished peer process returned.
    public struct Result: Sendable {
        /// The process's exit status (or the signal number + 128 when a signal ended it).
        public var exitCode: Int32
        /// Everything written to standard output.
        public var standardOutput: Data
        /// Everything written to standard error.
        public var standardError: Data

        /// Standard output decoded as UTF-8 (invalid bytes replaced).
        public var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error decoded as UTF-8 (invalid bytes replaced).
        public var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Why a peer could not be run at all.
    public enum Failure: Error, CustomStringConvertible {
        /// The program is not installed; `Scripts/test` installs every peer the suites use.
        case notInstalled(String)
        /// The program exists but could not be started.
        case launchFailed(String, underlying: String)

        public var description: String {
            switch self {
            case .notInstalled(let name):
                return
                    "peer program '\(name)' is not installed: run Scripts/test, which installs every peer the tests use"
            case .launchFailed(let name, let underlying):
                return "peer program '\(name)' could not be started: \(underlying)"
            }
        }
    }

    /// Runs `program` with `arguments`, writes `input` to its standard input, and waits for it on a
    /// thread of its own (``DedicatedThread``), so that no thread Swift's tasks need is held.
    ///
    /// ```swift
    /// let result = try await PeerProcess.runAsync("openssl", ["s_client", "-connect", "127.0.0.1:\(port)"])
    /// ```
    public static func runAsync(
        _ program: String,
        _ arguments: [String] = [],
        input: Data = Data(),
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) async throws -> Result {
        try await DedicatedThread.run("peer \(program)") {
            Swift.Result {
                try run(program, arguments, input: input, environment: environment, currentDirectory: currentDirectory)
            }
        }.get()
    }

    /// Runs `program` with `arguments`, writes `input` to its standard input, and waits for it.
    ///
    /// - Parameters:
    ///   - program: a name looked up with ``PeerTools/locate(_:)``, or an absolute path.
    ///   - arguments: the arguments (never secrets: pass those through `input` or a file).
    ///   - input: bytes written to standard input, which is then closed.
    ///   - environment: extra variables added to the inherited environment.
    ///   - currentDirectory: the working directory, if not the current one.
    ///
    /// It blocks its thread until the program exits, so tests call ``runAsync(_:_:input:environment:currentDirectory:)``:
    /// Swift's tasks have one thread per core, and a few blocked ones stall every other test.
    static func run(
        _ program: String,
        _ arguments: [String] = [],
        input: Data = Data(),
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Result {
        guard let executable = PeerTools.locate(program) else { throw Failure.notInstalled(program) }
        ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw Failure.launchFailed(program, underlying: "\(error)")
        }
        let collected = PipeCollector()
        let group = DispatchGroup()
        DedicatedThread.start("\(program) stdout", in: group) {
            collected.setOutput((try? stdout.fileHandleForReading.readToEnd()) ?? Data())
        }
        DedicatedThread.start("\(program) stderr", in: group) {
            collected.setError((try? stderr.fileHandleForReading.readToEnd()) ?? Data())
        }
        let writer = stdin.fileHandleForWriting
        DedicatedThread.start("\(program) stdin", in: group) {
            // A peer may exit without reading its input; a broken pipe is not our failure.
            try? writer.write(contentsOf: input)
            try? writer.close()
        }
        process.waitUntilExit()
        group.wait()
        let status =
            process.terminationReason == .uncaughtSignal
            ? process.terminationStatus + 128 : process.terminationStatus
        return Result(exitCode: status, standardOutput: collected.output, standardError: collected.error)
    }
}

/// A peer that exits before reading all its input closes the pipe under our writer; without this
/// the kernel's SIGPIPE would end the whole test process instead of failing one write.
private let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
}()

/// Collects the two output pipes from their reader threads.
private final class PipeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var storedOutput = Data()
    private var storedError = Data()

    var output: Data { lock.withLock { storedOutput } }
    var error: Data { lock.withLock { storedError } }

    func setOutput(_ data: Data) { lock.withLock { storedOutput = data } }
    func setError(_ data: Data) { lock.withLock { storedError = data } }
}
