import RampartE2E
import RampartSeal

/// Runs end-to-end work, turning an ``E2EError`` into the command's failure and exit status.
enum E2EFailure {
    static func run<Value>(_ work: () throws(E2EError) -> Value) throws -> Value {
        do {
            return try work()
        } catch {
            if case .io(let underlying) = error { throw SealFailure.failure(underlying) }
            throw CommandFailure(error.description, status: ExitStatus(error))
        }
    }

    /// Runs `body` into `destination` (an atomic file or standard output; see ``SealDestination``),
    /// carrying an ``E2EError`` through the destination, whose body may throw only a ``SealError``.
    static func write(
        to destination: SealDestination, holdUntilDone: Bool = false,
        _ body: (inout any ByteSink) throws(E2EError) -> Void
    ) throws {
        var failure: E2EError?
        try run { () throws(E2EError) in
            do throws(SealError) {
                try destination.write(holdUntilDone: holdUntilDone) { (sink: inout any ByteSink) throws(SealError) in
                    do throws(E2EError) {
                        try body(&sink)
                    } catch {
                        if case .io(let underlying) = error { throw underlying }
                        failure = error
                        throw .invalidParameter("\(error)")
                    }
                }
            } catch {
                throw failure ?? .io(error)
            }
        }
    }
}
