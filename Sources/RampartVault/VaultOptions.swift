/// How a vault is created and opened.
///
/// ```swift
/// let fast = VaultOptions(workFactor: 10)  // tests only: scrypt N = 2^10
/// let vault = try Vault.create(at: path, passphrase: "correct horse", options: fast)
/// ```
public struct VaultOptions: Sendable {
    /// The scrypt work factor (log2 N) stored at creation and used for application passwords;
    /// 17 (N = 131072, r = 8, p = 1) by default.
    public var workFactor: Int
    /// The file whose contents identify this machine, for `ThisDeviceOnly` items.
    public var machineIDPath: String
    /// How long a writer waits for another process's transaction, in seconds.
    public var busyTimeout: Double

    public init(workFactor: Int = 17, machineIDPath: String = "/etc/machine-id", busyTimeout: Double = 10) {
        self.workFactor = workFactor
        self.machineIDPath = machineIDPath
        self.busyTimeout = busyTimeout
    }
}
