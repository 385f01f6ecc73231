import RampartVault

/// Turns a `VaultError` into the CLI's message and documented exit status. Names in messages are
/// already cut and quoted by the vault; control characters left anywhere (a path) are escaped here.
enum VaultFailure {
    static func run<Value>(_ work: () throws(VaultError) -> Value) throws -> Value {
        do {
            return try work()
        } catch {
            throw CommandFailure(
                ControlCharacterEscaping.sanitized(error.description + hint(for: error)), status: ExitStatus(error))
        }
    }

    /// What to type next, for failures the command line can fix.
    private static func hint(for error: VaultError) -> String {
        switch error {
        case .vaultNotFound: return "; create one with `rampart vault init`"
        case .fileExists: return " (--force replaces it)"
        case .duplicateItem: return "; nothing was replaced: choose another tag or label"
        default: return ""
        }
    }
}
