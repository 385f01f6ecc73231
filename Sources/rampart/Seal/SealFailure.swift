import RampartSeal

/// Turns a `SealError` into the CLI's message and documented exit status. A reader that went
/// away (`EPIPE` on standard output or a FIFO) ends the command quietly with 141, as
/// ``StandardOutput`` does.
enum SealFailure {
    static func run<Value>(_ work: () throws(SealError) -> Value) throws -> Value {
        do {
            return try work()
        } catch {
            throw failure(error)
        }
    }

    static func failure(_ error: SealError) -> CommandFailure {
        if case .brokenPipe = error { return CommandFailure("", status: .brokenPipe) }
        return CommandFailure(error.description, status: ExitStatus(error))
    }
}
