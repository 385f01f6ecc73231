import Crypto
import Foundation
import SwiftASN1
import X509

/// A public-key pin: SHA-256 over a certificate's DER SubjectPublicKeyInfo, computed from the
/// certificate's real SPKI for every key type (RSA of any size, P-256/P-384/P-521, Ed25519) —
/// never from a hard-coded ASN.1 header.
///
/// Parses the spellings peers use: `sha256/BASE64` (OkHttp, HPKP), bare base64 (TrustKit) and
/// ATS's `SPKI-SHA256-BASE64` values (bare base64 too).
///
/// ```swift
/// let pin = try SPKIPin(certificate: leaf)
/// print(pin)                                         // sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=
/// let same = try SPKIPin(parsing: "sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=")
/// ```
public struct SPKIPin: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 32-byte SHA-256 digest.
    public let digest: [UInt8]

    /// The pin of a certificate's public key.
    public init(certificate: Certificate) throws {
        try self.init(publicKey: certificate.publicKey)
    }

    /// The pin of a public key.
    public init(publicKey: Certificate.PublicKey) throws {
        var serializer = DER.Serializer()
        try serializer.serialize(publicKey)
        digest = Array(SHA256.hash(data: serializer.serializedBytes))
    }

    /// Parses `sha256/BASE64` or bare base64 of a 32-byte digest.
    ///
    /// - Throws: ``TrustError/malformedPin(_:reason:)`` naming what is wrong.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // Bare base64 first: a digest's base64 may itself start with "sha…/" (for example
        // "SHA256/dsxn…="), and an `algorithm/` prefix never leaves a 44-character pin whole.
        if let bytes = Data(base64Encoded: trimmed), bytes.count == 32 {
            digest = Array(bytes)
            return
        }
        var body = Substring(trimmed)
        if let slash = trimmed.firstIndex(of: "/"), trimmed[..<slash].lowercased().hasPrefix("sha") {
            let algorithm = trimmed[..<slash].lowercased()
            guard algorithm == "sha256" else {
                throw TrustError.malformedPin(text, reason: "only sha256 pins exist (found \(algorithm))")
            }
            body = trimmed[trimmed.index(after: slash)...]
        }
        guard let bytes = Data(base64Encoded: String(body)) else {
            throw TrustError.malformedPin(text, reason: "not valid base64")
        }
        guard bytes.count == 32 else {
            throw TrustError.malformedPin(text, reason: "decodes to \(bytes.count) bytes; a SHA-256 pin has 32")
        }
        digest = Array(bytes)
    }

    /// The base64 of the digest (TrustKit and ATS form).
    public var base64: String { Data(digest).base64EncodedString() }

    /// `sha256/BASE64` (OkHttp form).
    public var description: String { "sha256/" + base64 }

    /// Constant-time comparison with another pin.
    public func matches(_ other: SPKIPin) -> Bool { ConstantTime.equal(digest, other.digest) }

    /// A pin is encoded as its `sha256/BASE64` text, as people write it in configurations.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes `sha256/BASE64` or bare base64 text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(error)"))
        }
    }
}
