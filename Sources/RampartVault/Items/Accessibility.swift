/// When an item can be read, modelled on Apple's data-protection classes.
///
/// `ThisDeviceOnly` classes are bound to this machine and user: their keys mix the machine's
/// identifier (`/etc/machine-id`) with a random device key kept outside the vault's folder
/// (`VaultOptions.deviceKeyFolder`, by default in `~/.local/state/rampart/device-keys`), so a copy
/// of the vault's folder, here or on another machine, cannot open them (`wrongDevice`). They are
/// never exported. Someone who can read that user's files on this machine can also read the key.
///
/// ```swift
/// try vault.set(token, for: identity, protection: ItemProtection(accessibility: .afterFirstUnlockThisDeviceOnly))
/// ```
public enum Accessibility: Int, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Readable only while the vault is unlocked (the default).
    case whenUnlocked = 0
    /// Readable from the first unlock until the process ends, even after `lock()`.
    case afterFirstUnlock = 1
    /// As `whenUnlocked`, and bound to this machine and user: never exported, unreadable elsewhere.
    case whenUnlockedThisDeviceOnly = 2
    /// As `afterFirstUnlock`, and bound to this machine and user: never exported, unreadable elsewhere.
    case afterFirstUnlockThisDeviceOnly = 3

    /// Whether the item is bound to this machine's device key.
    public var isThisDeviceOnly: Bool { self == .whenUnlockedThisDeviceOnly || self == .afterFirstUnlockThisDeviceOnly }

    /// Whether the item stays readable after `lock()`.
    public var survivesLock: Bool { self == .afterFirstUnlock || self == .afterFirstUnlockThisDeviceOnly }

    /// The name used on the command line and in backups.
    public var description: String {
        switch self {
        case .whenUnlocked: return "whenUnlocked"
        case .afterFirstUnlock: return "afterFirstUnlock"
        case .whenUnlockedThisDeviceOnly: return "whenUnlockedThisDeviceOnly"
        case .afterFirstUnlockThisDeviceOnly: return "afterFirstUnlockThisDeviceOnly"
        }
    }

    /// The class named `name` (as `description` spells it), or `nil`.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = match
    }
}
