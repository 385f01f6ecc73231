import RampartE2E

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
}
