/// Why a `RampartVault` operation failed, one case per failure a caller can act on, each with the
/// keychain status code (`OSStatus`) it corresponds to.
///
/// Messages say what failed, where (the vault's path, the item's service and account) and what to
/// do; they never contain a value, a passphrase or an application password.
///
/// ```swift
/// do {
///     let token = try vault.value(for: .genericPassword(service: "api.example.com", account: "ci"))
/// } catch let error as VaultError where error.status == VaultError.Status.itemNotFound {
///     print("no token yet:", error)
/// }
/// ```
public enum VaultError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No item matches (`errSecItemNotFound`, -25300).
    case itemNotFound(VaultErrorContext)
    /// An item with this primary key exists and the caller asked to add without replacing
    /// (`errSecDuplicateItem`, -25299).
    case duplicateItem(VaultErrorContext)
    /// The vault is locked, or was never unlocked in this process, so the item's class key is not
    /// available (`errSecInteractionNotAllowed`, -25308).
    case locked(VaultErrorContext)
    /// The item needs the user's presence and no `Authenticator` was given
    /// (`errSecInteractionNotAllowed`, -25308).
    case interactionNotAllowed(VaultErrorContext)
    /// The vault passphrase is wrong (`errSecAuthFailed`, -25293).
    case wrongPassphrase(VaultErrorContext)
    /// The item's application password is missing or wrong (`errSecAuthFailed`, -25293).
    case wrongApplicationPassword(VaultErrorContext)
    /// The `Authenticator` refused the read (`errSecAuthFailed`, -25293).
    case userPresenceDenied(VaultErrorContext)
    /// A stored row does not authenticate: it was altered, swapped with another row, or
    /// downgraded (`errSecAuthFailed`, -25293).
    case itemAuthenticationFailed(VaultErrorContext)
    /// A `ThisDeviceOnly` item cannot be opened because this machine's device key differs from the
    /// one it was stored with (`errSecAuthFailed`, -25293).
    case wrongDevice(VaultErrorContext)
    /// An argument is not acceptable (`errSecParam`, -50).
    case invalidParameter(VaultErrorContext)
    /// A name (a primary-key field) is not valid UTF-8, or holds U+FFFD, the character that
    /// invalid UTF-8 is decoded to: two different byte strings would become the same item
    /// (`errSecParam`, -50; exit 65, bad data).
    case invalidEncoding(ItemField, VaultErrorContext)
    /// There is no vault at the path (`errSecNoSuchKeychain`, -25294).
    case vaultNotFound(VaultErrorContext)
    /// A vault already exists where one was to be created (`errSecDuplicateKeychain`, -25296).
    case vaultExists(VaultErrorContext)
    /// The file is not a vault, or a format version this library does not speak
    /// (`errSecDecode`, -26275).
    case unsupportedFormat(VaultErrorContext)
    /// The file is a vault, but a table, a column or a stored parameter holds what the vault never
    /// writes (a wrong type, a missing key, a hostile scrypt cost): restore a backup
    /// (`errSecDecode`, -26275).
    case damaged(VaultErrorContext)
    /// A backup file to read is not there (`errSecIO`, -36; exit 66).
    case fileNotFound(VaultErrorContext)
    /// A backup file cannot be created: it exists, or its folder does not allow it
    /// (`errSecIO`, -36; exit 73).
    case cannotCreateFile(VaultErrorContext)
    /// A file to create is already there and the caller did not allow replacing it (an export
    /// without `replacing`; `errSecIO`, -36; exit 73). Allowing the replacement fixes it.
    case fileExists(VaultErrorContext)
    /// Reading or writing the vault or a backup failed (`errSecIO`, -36).
    case io(VaultErrorContext)

    /// The keychain status codes `VaultError` reports.
    public enum Status {
        public static let itemNotFound: Int32 = -25300
        public static let duplicateItem: Int32 = -25299
        public static let interactionNotAllowed: Int32 = -25308
        public static let authenticationFailed: Int32 = -25293
        public static let invalidParameter: Int32 = -50
        public static let noSuchKeychain: Int32 = -25294
        public static let duplicateKeychain: Int32 = -25296
        public static let decode: Int32 = -26275
        public static let io: Int32 = -36
    }

    /// The keychain status this failure corresponds to.
    public var status: Int32 {
        switch self {
        case .itemNotFound: return Status.itemNotFound
        case .duplicateItem: return Status.duplicateItem
        case .locked, .interactionNotAllowed: return Status.interactionNotAllowed
        case .wrongPassphrase, .wrongApplicationPassword, .userPresenceDenied, .itemAuthenticationFailed, .wrongDevice:
            return Status.authenticationFailed
        case .invalidParameter, .invalidEncoding: return Status.invalidParameter
        case .vaultNotFound: return Status.noSuchKeychain
        case .vaultExists: return Status.duplicateKeychain
        case .unsupportedFormat, .damaged: return Status.decode
        case .io, .fileNotFound, .cannotCreateFile, .fileExists: return Status.io
        }
    }

    /// The failure's file, item, location and sentence.
    public var context: VaultErrorContext {
        switch self {
        case .invalidEncoding(_, let context): return context
        case .itemNotFound(let context), .duplicateItem(let context), .locked(let context),
            .interactionNotAllowed(let context), .wrongPassphrase(let context), .wrongApplicationPassword(let context),
            .userPresenceDenied(let context), .itemAuthenticationFailed(let context), .wrongDevice(let context),
            .invalidParameter(let context), .vaultNotFound(let context), .vaultExists(let context),
            .unsupportedFormat(let context), .damaged(let context), .fileNotFound(let context),
            .cannotCreateFile(let context), .fileExists(let context), .io(let context):
            return context
        }
    }

    /// The same class of failure with its context changed by `change` (to add the vault's path or
    /// the item, known only further up).
    public func with(_ change: (inout VaultErrorContext) -> Void) -> VaultError {
        var context = self.context
        change(&context)
        switch self {
        case .itemNotFound: return .itemNotFound(context)
        case .duplicateItem: return .duplicateItem(context)
        case .locked: return .locked(context)
        case .interactionNotAllowed: return .interactionNotAllowed(context)
        case .wrongPassphrase: return .wrongPassphrase(context)
        case .wrongApplicationPassword: return .wrongApplicationPassword(context)
        case .userPresenceDenied: return .userPresenceDenied(context)
        case .itemAuthenticationFailed: return .itemAuthenticationFailed(context)
        case .wrongDevice: return .wrongDevice(context)
        case .invalidParameter: return .invalidParameter(context)
        case .vaultNotFound: return .vaultNotFound(context)
        case .vaultExists: return .vaultExists(context)
        case .unsupportedFormat: return .unsupportedFormat(context)
        case .damaged: return .damaged(context)
        case .fileNotFound: return .fileNotFound(context)
        case .cannotCreateFile: return .cannotCreateFile(context)
        case .fileExists: return .fileExists(context)
        case .io: return .io(context)
        case .invalidEncoding(let field, _): return .invalidEncoding(field, context)
        }
    }

    public var description: String {
        switch self {
        case .itemNotFound(let detail): return "no such item: \(detail)"
        case .duplicateItem(let detail): return "duplicate item: \(detail)"
        case .locked(let detail): return "vault locked: \(detail)"
        case .interactionNotAllowed(let detail): return "interaction not allowed: \(detail)"
        case .wrongPassphrase(let detail): return "wrong vault passphrase: \(detail)"
        case .wrongApplicationPassword(let detail): return "wrong or missing application password: \(detail)"
        case .userPresenceDenied(let detail): return "user presence not confirmed: \(detail)"
        case .itemAuthenticationFailed(let detail): return "item failed authentication (altered or swapped): \(detail)"
        case .wrongDevice(let detail): return "item bound to another device: \(detail)"
        case .invalidParameter(let detail): return "invalid parameter: \(detail)"
        case .invalidEncoding(let field, let detail): return "invalid \(field.rawValue): \(detail)"
        case .vaultNotFound(let detail): return "no vault: \(detail)"
        case .vaultExists(let detail): return "vault exists: \(detail)"
        case .unsupportedFormat(let detail): return "not a supported vault: \(detail)"
        case .damaged(let detail): return "damaged vault: \(detail)"
        case .fileNotFound(let detail): return "no such file: \(detail)"
        case .cannotCreateFile(let detail), .fileExists(let detail): return "cannot create the file: \(detail)"
        case .io(let detail): return "I/O error: \(detail)"
        }
    }
}
