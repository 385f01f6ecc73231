import Foundation
import RampartVault

/// A vault in its own temporary folder, with a low scrypt work factor for speed.
struct VaultFixture {
    static let passphrase = "correct horse battery staple"
    static let options = VaultOptions(testingWorkFactor: 4)

    let folder: URL
    var path: String { folder.appendingPathComponent("vault.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-vault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// This fixture's device key folder, beside the vault's folder (as the user's
    /// `~/.local/state/rampart/device-keys` is), so that no test writes to the user's.
    var deviceKeyFolder: String { folder.path + "-device-keys" }

    /// `options` with this fixture's device key folder, unless they name one.
    func hermetic(_ options: VaultOptions) -> VaultOptions {
        var options = options
        if options.deviceKeyFolder == nil { options.deviceKeyFolder = deviceKeyFolder }
        return options
    }

    func create(options: VaultOptions = VaultFixture.options, authenticator: (any Authenticator)? = nil) throws -> Vault
    {
        try Vault.create(
            at: path, passphrase: Self.passphrase, options: hermetic(options), authenticator: authenticator)
    }

    /// A second handle on the same file, opened locked.
    func reopen(options: VaultOptions = VaultFixture.options, authenticator: (any Authenticator)? = nil) throws -> Vault
    {
        try Vault(path: path, options: hermetic(options), authenticator: authenticator)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.removeItem(atPath: deviceKeyFolder)
    }
}

/// The keychain status a throwing call fails with, or `nil` when it succeeds.
func status(_ work: () throws -> Void) -> Int32? {
    do {
        try work()
        return nil
    } catch let error as VaultError {
        return error.status
    } catch {
        return Int32.min
    }
}

/// The `VaultError` a throwing call fails with, or `nil` when it succeeds.
func vaultError(_ work: () throws -> Void) -> VaultError? {
    do {
        try work()
        return nil
    } catch let error as VaultError {
        return error
    } catch {
        return .io("unexpected error type \(type(of: error))")
    }
}

/// An `Authenticator` that answers `approve` and counts how often it was asked.
final class CountingAuthenticator: Authenticator, @unchecked Sendable {
    private let lock = NSLock()
    private var asked = 0
    let approve: Bool

    init(approve: Bool) { self.approve = approve }

    var count: Int { lock.withLock { asked } }

    func confirmPresence(reason: String) -> Bool {
        lock.withLock { asked += 1 }
        return approve
    }
}

extension Data {
    init(text: String) { self.init(text.utf8) }
}
