import Foundation

/// One `SPKI-SHA256-BASE64` identity from `NSPinnedDomains`: the SHA-256 digest of a
/// certificate's DER SubjectPublicKeyInfo.
///
/// ```swift
/// let pin = ATSPin(base64: "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=")
/// pin?.digest.count   // 32
/// pin?.text           // "sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=" (its JSON)
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

    /// The pin as people write it in configurations (OkHttp, TrustKit, `rampart pin`): `sha256/BASE64`.
    public var text: String { "sha256/" + base64 }

    /// A pin is encoded (JSON) as its ``text``, `sha256/BASE64`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Reads `sha256/BASE64` (or the bare base64 of a plist) of 32 bytes.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let base64 = text.hasPrefix("sha256/") ? String(text.dropFirst("sha256/".count)) : text
        guard let pin = ATSPin(base64: base64) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a pin (sha256/ and the base64 of 32 bytes): \(text.debugDescription)"))
        }
        self = pin
    }
}
