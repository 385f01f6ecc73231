import SwiftASN1

/// A certificate signature algorithm, by OID, named as swift-certificates names the ones it knows
/// (`sha256WithRSAEncryption`), and whether it is weak. A typed value: compare it, switch on
/// ``name``, or read ``oid``; ``description`` is derived from it.
///
/// It is encoded (JSON) as swift-certificates' spelling, `SignatureAlgorithm.sha256WithRSAEncryption`
/// or `SignatureAlgorithm(1.2.3.4)` for an algorithm not in the table (``qualifiedName``).
///
/// ```swift
/// let summary = try CertificateSummary(certificate)
/// print(summary.signatureAlgorithm)               // sha256WithRSAEncryption
/// if summary.signatureAlgorithm.weakness != nil { … }
/// ```
public struct SignatureAlgorithmName: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The algorithm's OID, dotted (`1.2.840.113549.1.1.11`).
    public var oid: String
    /// swift-certificates' name for it (`sha256WithRSAEncryption`), or `nil` for an algorithm not in
    /// the table.
    public var name: String?

    /// The name of the algorithm `oid` identifies.
    public init(_ oid: ASN1ObjectIdentifier) {
        self.oid = String(describing: oid)
        name = Self.names[oid]
    }

    /// The name, or the dotted OID for an algorithm not in the table.
    public var description: String { name ?? oid }

    /// swift-certificates' spelling: `SignatureAlgorithm.NAME`, or `SignatureAlgorithm(OID)`.
    public var qualifiedName: String { name.map { "SignatureAlgorithm.\($0)" } ?? "SignatureAlgorithm(\(oid))" }

    /// Why a signature with this algorithm proves little, or `nil`.
    public var weakness: String? { name.flatMap(Self.weakness(named:)) }

    /// Reads swift-certificates' spelling (``qualifiedName``); `nil` for any other text.
    init?(qualifiedName text: String) {
        if text.hasPrefix("SignatureAlgorithm("), text.hasSuffix(")") {
            oid = String(text.dropFirst("SignatureAlgorithm(".count).dropLast())
            name = nil
        } else if text.hasPrefix("SignatureAlgorithm."),
            let known = Self.names.first(where: { $0.value == text.dropFirst("SignatureAlgorithm.".count) })
        {
            oid = String(describing: known.key)
            name = known.value
        } else {
            return nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let read = Self(qualifiedName: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a signature algorithm name: \(text.debugDescription)"))
        }
        self = read
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(qualifiedName)
    }

    /// `SignatureAlgorithm.NAME`, or `SignatureAlgorithm(OID)` for an algorithm not in the table.
    static func describe(_ oid: ASN1ObjectIdentifier) -> String { SignatureAlgorithmName(oid).qualifiedName }

    /// Why a signature with this algorithm proves little, or `nil`.
    static func weakness(_ oid: ASN1ObjectIdentifier) -> String? { SignatureAlgorithmName(oid).weakness }

    private static func weakness(named name: String) -> String? {
        if name.hasPrefix("md") {
            return "signed with \(name.prefix(3).uppercased()): collisions are practical, the signature proves nothing"
        }
        if name.lowercased().contains("sha1") {
            return
                "signed with SHA-1: collisions are practical (SHAttered); browsers and App Transport Security refuse it"
        }
        return nil
    }

    private static let names: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 113_549, 1, 1, 2]: "md2WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 3]: "md4WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 4]: "md5WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 5]: "sha1WithRSAEncryption",
        [1, 3, 14, 3, 2, 29]: "sha1WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 10]: "rsassaPSS",
        [1, 2, 840, 113_549, 1, 1, 11]: "sha256WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 12]: "sha384WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 13]: "sha512WithRSAEncryption",
        [1, 2, 840, 113_549, 1, 1, 14]: "sha224WithRSAEncryption",
        [1, 2, 840, 10_045, 4, 1]: "ecdsaWithSHA1",
        [1, 2, 840, 10_045, 4, 3, 1]: "ecdsaWithSHA224",
        [1, 2, 840, 10_045, 4, 3, 2]: "ecdsaWithSHA256",
        [1, 2, 840, 10_045, 4, 3, 3]: "ecdsaWithSHA384",
        [1, 2, 840, 10_045, 4, 3, 4]: "ecdsaWithSHA512",
        [1, 2, 840, 10_040, 4, 3]: "dsaWithSHA1",
        [2, 16, 840, 1, 101, 3, 4, 3, 1]: "dsaWithSHA224",
        [2, 16, 840, 1, 101, 3, 4, 3, 2]: "dsaWithSHA256",
        [1, 3, 101, 112]: "ed25519",
        [1, 3, 101, 113]: "ed448",
        [1, 2, 156, 10_197, 1, 501]: "sm2WithSM3",
    ]
}
