import RampartVault

/// Turns a `VaultError` into the CLI's message and documented exit status. Names in messages are
/// already cut and quoted by the vault; control characters left anywhere (a path) are escaped here.
enum VaultFailure {
    static func run<Value>(_ work: () throws(VaultError) -> Value) throws -> Value {
        do {
            return try work()
        } catch {
            throw CommandFailure(
                ControlCharacterEscaping.sanitized(error.description),
                status: ExitStatus(rawValue: error.exitCode) ?? .dataError)
        }
    }
}
