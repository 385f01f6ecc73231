/// How a vault is created and opened.
///
/// ```swift
/// let stronger = VaultOptions(workFactor: 19)  // scrypt N = 2^19, 512 MiB per unlock
/// let vault = try Vault.create(at: path, passphrase: "correct horse", options: stronger)
/// ```
public struct VaultOptions: Sendable {
    /// The least scrypt work factor a new vault or backup accepts: 15 (N = 32768, 32 MiB). Below
    /// it a stolen vault file's passphrase is cheap to guess; `Vault.create` and
    /// `Vault.exportBackup` refuse lower values (`invalidParameter`).
    public static let minimumWorkFactor = 15
    /// The greatest scrypt work factor: 22 (N = 2^22, 4 GiB, age's own limit).
    public static let maximumWorkFactor = 22

    /// The scrypt work factor (log2 N) stored at creation and used for application passwords;
    /// 17 (N = 131072, r = 8, p = 1) by default, `minimumWorkFactor`…`maximumWorkFactor`.
    public var workFactor: Int
    /// The least `workFactor` `Vault.create` accepts: `minimumWorkFactor`, lower only through the
    /// package's `init(testingWorkFactor:)` (tests and the demo).
    package private(set) var workFactorFloor = VaultOptions.minimumWorkFactor
    /// The file whose contents identify this machine, for `ThisDeviceOnly` items.
    public var machineIDPath: String
    /// The folder that keeps the device keys of `ThisDeviceOnly` items, one 0600 file per vault,
    /// outside the vault's folder so that a copy of the vault's folder carries no device key.
    /// `nil` (the default): `$XDG_STATE_HOME/rampart/device-keys`, else
    /// `~/.local/state/rampart/device-keys` (state that is not portable, in the XDG spec's words).
    /// A service whose `HOME` changes between runs gives a folder of its own here.
    public var deviceKeyFolder: String?
    /// How long a writer waits for another process's transaction, in seconds.
    public var busyTimeout: Double

    public init(
        workFactor: Int = 17, machineIDPath: String = "/etc/machine-id", deviceKeyFolder: String? = nil,
        busyTimeout: Double = 10
    ) {
        self.workFactor = workFactor
        self.machineIDPath = machineIDPath
        self.deviceKeyFolder = deviceKeyFolder
        self.busyTimeout = busyTimeout
    }

    /// Options that let `Vault.create` use a work factor below `minimumWorkFactor` (down to 1), so
    /// tests and the demo run fast. Not public: no application can make a weak vault.
    package init(
        testingWorkFactor: Int, machineIDPath: String = "/etc/machine-id", deviceKeyFolder: String? = nil,
        busyTimeout: Double = 10
    ) {
        self.init(
            workFactor: testingWorkFactor, machineIDPath: machineIDPath, deviceKeyFolder: deviceKeyFolder,
            busyTimeout: busyTimeout)
        workFactorFloor = 1
    }
}
