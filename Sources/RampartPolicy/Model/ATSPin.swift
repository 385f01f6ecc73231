import Foundation

/// One `SPKI-SHA256-BASE64` identity from `NSPinnedDomains`: the SHA-256 digest of a
/// certificate's DER SubjectPublicKeyInfo.
///
/// ```swift
/// let pin = ATSPin(base64: "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=")
/// pin?.digest.count   // 32
/// ```
public struct ATSPin: Sendable, Hashable, Codable {
    /// The 32-byte SHA-256 digest.
    public let digest: Data

    /// Decodes a base64 pin; `nil` unless it is valid base64 of exactly 32 bytes (Apple drops
    /// such entries silently — Rampart's decoder reports them).
    public init?(base64: String) {
        guard let bytes = Data(base64Encoded: base64), bytes.count == 32 else { return nil }
        digest = bytes
    }

    /// The pin in base64, as written in a plist.
    public var base64: String { digest.base64EncodedString() }
}
