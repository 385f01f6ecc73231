import Crypto
import Foundation

/// The key that binds `ThisDeviceOnly` items to one machine: derived from the machine's identifier
/// (`/etc/machine-id`) and a random secret kept in a 0600 file beside the vault (`VAULT.device`).
/// A copy of the vault on another machine, or without that file, cannot open those items.
enum DeviceKey {
    static func secretPath(forVault path: String) -> String { path + ".device" }

    /// Creates the device secret file for a vault that was just created, replacing a stale one
    /// left by an earlier vault at the same path (never following a symbolic link).
    static func create(forVault path: String) throws(VaultError) {
        let file = secretPath(forVault: path)
        unlink(file)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .io("cannot create the device key file \(file): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let secret = RandomBytes.make(32)
        let written = secret.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == secret.count, fsync(descriptor) == 0 else {
            throw .io("cannot write the device key file \(file)")
        }
    }

    /// The 32 bytes of the device secret file, or `nil` when it is missing, unreadable, not a
    /// regular file (never read from a device such as `/dev/zero`) or not 32 bytes long.
    private static func readSecret(_ file: String) -> Data? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 32 else { return nil }
        var secret = Data(count: 32)
        let count = secret.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 32, 0) }
        return count == 32 ? secret : nil
    }

    /// The device key, or `nil` when the secret file is missing or unreadable.
    static func load(forVault path: String, machineIDPath: String) -> SymmetricKey? {
        guard let secret = readSecret(secretPath(forVault: path)) else { return nil }
        let machineID = FileManager.default.contents(atPath: machineIDPath) ?? Data()
        let trimmed = Data(machineID.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: " ") })
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), salt: trimmed, info: Data("rampart-vault/1 device".utf8),
            outputByteCount: 32)
    }
}
