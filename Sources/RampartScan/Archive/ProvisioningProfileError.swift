/// Why a provisioning profile could not be read: too large, not CMS signed data, no embedded content, or
/// content that is not a property list dictionary. Each message says what was found.
///
/// ```swift
/// do { _ = try ProvisioningProfile(bytes) } catch { print(error.description) }
/// ```
public enum ProvisioningProfileError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLarge(size: Int, limit: Int)
    /// The bytes are not a CMS `ContentInfo` holding `SignedData` (RFC 5652); `reason` says what was wrong.
    case notSignedData(reason: String)
    /// The signed data carries no content (a detached signature): there is no profile inside.
    case noContent
    /// The content is not a property list, or not a dictionary at its top.
    case notAPropertyList(reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let size, let limit):
            "the provisioning profile is \(size) bytes, more than the \(limit) read (profiles are a few KiB)"
        case .notSignedData(let reason):
            "not a provisioning profile (CMS signed data, DER or BER): \(reason)"
        case .noContent:
            "the provisioning profile's signed data holds no content (a detached signature), so no profile"
        case .notAPropertyList(let reason):
            "the provisioning profile's content is not a property list dictionary: \(reason)"
        }
    }
}
