import Crypto
import Foundation

/// The key that binds `ThisDeviceOnly` items to one machine and user: derived from the machine's
/// identifier (`/etc/machine-id`) and a random 32-byte secret kept in a 0600 file in a per-user
/// folder outside the vault's folder (`VaultOptions.deviceKeyFolder`, by default
/// `$XDG_STATE_HOME/rampart/device-keys` or `~/.local/state/rampart/device-keys`), named after the
/// vault's identity. A copy of the vault's folder, on this machine or another, has no device key,
/// so its `ThisDeviceOnly` items cannot be opened; the other items can.
///
/// Vaults made before the device key moved kept it beside the vault (`VAULT.device`): an unlock
/// that finds no key in the folder but a legacy file that verifies moves it there and removes the
/// legacy file (`Vault.unlock`).
enum DeviceKey {
    /// The legacy device secret file beside the vault (`VAULT.device`).
    static func legacySecretPath(forVault path: String) -> String { path + ".device" }

    /// The folder of device keys: `configured`, else `$XDG_STATE_HOME/rampart/device-keys` (an
    /// absolute `XDG_STATE_HOME` only, as the XDG spec asks), else `HOME`'s or the user database's
    /// `~/.local/state/rampart/device-keys`; `nil` when there is no home to put it in.
    static func folder(configured: String?) -> String? {
        if let configured, !configured.isEmpty { return configured }
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/rampart/device-keys"
        }
        var home = environment["HOME"] ?? ""
        if !home.hasPrefix("/"), let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir {
            home = String(cString: directory)
        }
        guard home.hasPrefix("/") else { return nil }
        return (home == "/" ? "" : home) + "/.local/state/rampart/device-keys"
    }

    /// The vault's device key file name: its identity, 16 bytes of SHA-256 over the stored device
    /// check (random per vault, kept across passphrase changes), in hex.
    static func fileName(deviceCheck: Data) -> String {
        let digest = SHA256.hash(data: Data("rampart-vault/1 device key id".utf8) + deviceCheck)
        return digest.prefix(16).map { String(format: "%02x", $0) }.joined() + ".key"
    }

    /// Stores `secret` as `name` in `folder` (created 0700 with its parents when missing), 0600,
    /// never over an existing file and never through a symbolic link.
    static func store(_ secret: Data, in folder: String, name: String) throws(VaultError) {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(
                VaultErrorContext(
                    "cannot create the device key folder \(folder): \(error.localizedDescription); "
                        + "make it writable or choose another one"))
        }
        var info = stat()
        guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .io("the device key folder \(folder) is not a directory; remove what is there or choose another one")
        }
        let file = folder + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .io("cannot create the device key file \(file): \(String(cString: strerror(errno)))")
        }
        let written = secret.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == secret.count, synced else {
            unlink(file)
            throw .io("cannot write the device key file \(file)")
        }
    }

    /// The 32 bytes of a device secret file, or `nil` when it is missing, unreadable, not a
    /// regular file (never read from a device such as `/dev/zero`, never through a symbolic link)
    /// or not 32 bytes long.
    static func readSecret(_ file: String) -> Data? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 32 else { return nil }
        var secret = Data(count: 32)
        let count = secret.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 32, 0) }
        return count == 32 ? secret : nil
    }

    /// The device key a device secret gives on this machine.
    static func derive(_ secret: Data, machineIDPath: String) -> SymmetricKey {
        let machineID = FileManager.default.contents(atPath: machineIDPath) ?? Data()
        let trimmed = Data(machineID.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: " ") })
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), salt: trimmed, info: Data("rampart-vault/1 device".utf8),
            outputByteCount: 32)
    }
}
