import Crypto
import Foundation

/// A CT log's identity: SHA-256 of its public key's SubjectPublicKeyInfo DER (RFC 6962 §3.2),
/// written in log lists as base64.
///
/// ```swift
/// let id = CTLogID(subjectPublicKeyInfoDER: keyDER)
/// print(id.base64)      // as in log_list.json's "log_id"
/// ```
public struct CTLogID: Sendable, Hashable, CustomStringConvertible, Codable {
    /// The 32 bytes.
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The ID of the log whose key this is.
    public init(subjectPublicKeyInfoDER: [UInt8]) { bytes = Array(SHA256.hash(data: subjectPublicKeyInfoDER)) }

    /// The ID as log lists write it.
    public var base64: String { Data(bytes).base64EncodedString() }

    public var description: String { base64 }

    /// The bytes hashed in one call (an array's own hashing feeds them one at a time), as log-list
    /// lookups by ID happen for every SCT of every check.
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let data = Data(base64Encoded: text), data.count == 32 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not 32 bytes of base64"))
        }
        bytes = Array(data)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64)
    }
}
