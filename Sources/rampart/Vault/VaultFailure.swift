import RampartVault

/// Turns a `VaultError` into the CLI's message and documented exit status.
enum VaultFailure {
    static func run<Value>(_ work: () throws(VaultError) -> Value) throws -> Value {
        do {
            return try work()
        } catch {
            throw CommandFailure(error.description, status: ExitStatus(rawValue: error.exitCode) ?? .dataError)
        }
    }
}
