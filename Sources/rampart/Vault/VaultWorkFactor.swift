import ArgumentParser
import RampartVault

/// The hidden `--work-factor` of `vault init` and `vault export`: checked at parse time (exit 2,
/// before a prompt or a file) against the library's range, 15…22.
enum VaultWorkFactor {
    static func validate(_ workFactor: Int) throws {
        let accepted = VaultOptions.minimumWorkFactor...VaultOptions.maximumWorkFactor
        guard accepted.contains(workFactor) else {
            throw ValidationError(
                "--work-factor \(workFactor) is outside \(accepted.lowerBound)…\(accepted.upperBound) (log2 of scrypt's N); "
                    + "choose one in that range: below \(accepted.lowerBound) a passphrase is cheap to guess, above "
                    + "\(accepted.upperBound) scrypt needs more than 4 GiB")
        }
    }
}
