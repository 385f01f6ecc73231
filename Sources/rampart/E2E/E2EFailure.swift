import RampartE2E
import RampartIO
import RampartSeal

/// Runs end-to-end work, turning an ``E2EError`` into the command's failure and exit status.
enum E2EFailure {
    static func run<Value>(_ work: () throws(E2EError) -> Value) throws -> Value {
        do {
            return try work()
        } catch {
            // The output's reader went away: nothing to tell, the status says it (as for seal commands).
            if case .io(let underlying) = error, underlying.code == .brokenPipe {
                throw CommandFailure("", status: .brokenPipe)
            }
            throw CommandFailure(error.description, status: ExitStatus(error))
        }
    }

    /// Runs `body` into `destination` (an atomic file or standard output; see `OutputDestination`);
    /// the destination's own failures arrive as ``E2EError/io(_:)``.
    static func write(
        to destination: OutputDestination, holdUntilDone: Bool = false,
        _ body: (inout any ByteSink<IOError>) throws(E2EError) -> Void
    ) throws {
        try run { () throws(E2EError) in
            try destination.write(holdUntilDone: holdUntilDone, mappingErrors: { E2EError.io($0) }, body)
        }
    }
}
