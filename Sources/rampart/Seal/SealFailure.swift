import RampartSeal

/// Turns a `SealError` into the CLI's message and documented exit status.
enum SealFailure {
    static func run<Value>(_ work: () throws(SealError) -> Value) throws -> Value {
        do {
            return try work()
        } catch {
            throw CommandFailure(error.description, status: ExitStatus(rawValue: error.exitCode) ?? .dataError)
        }
    }
}
