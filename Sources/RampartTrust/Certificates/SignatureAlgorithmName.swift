import SwiftASN1

/// A certificate signature algorithm, by OID, named as swift-certificates names the ones it knows
/// (`sha256WithRSAEncryption`, `ecdsaWithSHA256`), and whether it is weak. A typed value: compare it,
/// switch on ``name``, or read ``oid``.
///
/// It is shown and encoded (JSON) by its standard name, the one OpenSSL prints (`openssl x509 -text`):
/// `ecdsa-with-SHA256`, `sha256WithRSAEncryption`, `ED25519`, or the dotted OID for an algorithm not in
/// the table (``standardName``). Decoding also reads swift-certificates' spelling
/// (`SignatureAlgorithm.ecdsaWithSHA256`, ``qualifiedName``), which Rampart 0.2 wrote.
///
/// ```swift
/// let summary = try CertificateSummary(certificate)
/// print(summary.signatureAlgorithm)               // ecdsa-with-SHA256
/// summary.signatureAlgorithm.name                 // "ecdsaWithSHA256"
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
        name = Self.table[oid]?.name
    }

    /// The name OpenSSL prints for it (`ecdsa-with-SHA256`, `sha256WithRSAEncryption`, `rsassaPss`,
    /// `ED25519`), or the dotted OID for an algorithm not in the table.
    public var standardName: String {
        (try? ASN1ObjectIdentifier(dotRepresentation: oid)).flatMap { Self.table[$0]?.standard } ?? oid
    }

    /// The ``standardName``.
    public var description: String { standardName }

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
            let known = Self.table.first(where: { $0.value.name == text.dropFirst("SignatureAlgorithm.".count) })
        {
            oid = String(describing: known.key)
            name = known.value.name
        } else {
            return nil
        }
    }

    /// Reads a ``standardName`` (a name OpenSSL prints, or a dotted OID); `nil` for any other text.
    init?(standardName text: String) {
        if let known = Self.table.first(where: { $0.value.standard == text }) {
            self.init(known.key)
        } else if let oid = try? ASN1ObjectIdentifier(dotRepresentation: text) {
            self.init(oid)
        } else {
            return nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let read = Self(standardName: text) ?? Self(qualifiedName: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a signature algorithm name: \(text.debugDescription)"))
        }
        self = read
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(standardName)
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

    /// Each OID: swift-certificates' name, and the name OpenSSL prints (its long name, as `openssl x509 -text`
    /// and `openssl asn1parse` show it).
    private static let table: [ASN1ObjectIdentifier: (name: String, standard: String)] = [
        [1, 2, 840, 113_549, 1, 1, 2]: ("md2WithRSAEncryption", "md2WithRSAEncryption"),
        [1, 2, 840, 113_549, 1, 1, 3]: ("md4WithRSAEncryption", "md4WithRSAEncryption"),
        [1, 2, 840, 113_549, 1, 1, 4]: ("md5WithRSAEncryption", "md5WithRSAEncryption"),
        [1, 2, 840, 113_549, 1, 1, 5]: ("sha1WithRSAEncryption", "sha1WithRSAEncryption"),
        [1, 3, 14, 3, 2, 29]: ("sha1WithRSAEncryption", "sha1WithRSA"),
        [1, 2, 840, 113_549, 1, 1, 10]: ("rsassaPSS", "rsassaPss"),
        [1, 2, 840, 113_549, 1, 1, 11]: ("sha256WithRSAEncryption", "sha256WithRSAEncryption"),
        [1, 2, 840, 113_549, 1, 1, 12]: ("sha384WithRSAEncryption", "sha384WithRSAEncryption"),
        [1, 2, 840, 113_549, 1, 1, 13]: ("sha512WithRSAEncryption", "sha512WithRSAEncryption"),
        [1, 2, 840, 113_549, 1, 1, 14]: ("sha224WithRSAEncryption", "sha224WithRSAEncryption"),
        [1, 2, 840, 10_045, 4, 1]: ("ecdsaWithSHA1", "ecdsa-with-SHA1"),
        [1, 2, 840, 10_045, 4, 3, 1]: ("ecdsaWithSHA224", "ecdsa-with-SHA224"),
        [1, 2, 840, 10_045, 4, 3, 2]: ("ecdsaWithSHA256", "ecdsa-with-SHA256"),
        [1, 2, 840, 10_045, 4, 3, 3]: ("ecdsaWithSHA384", "ecdsa-with-SHA384"),
        [1, 2, 840, 10_045, 4, 3, 4]: ("ecdsaWithSHA512", "ecdsa-with-SHA512"),
        [1, 2, 840, 10_040, 4, 3]: ("dsaWithSHA1", "dsaWithSHA1"),
        [2, 16, 840, 1, 101, 3, 4, 3, 1]: ("dsaWithSHA224", "dsa_with_SHA224"),
        [2, 16, 840, 1, 101, 3, 4, 3, 2]: ("dsaWithSHA256", "dsa_with_SHA256"),
        [1, 3, 101, 112]: ("ed25519", "ED25519"),
        [1, 3, 101, 113]: ("ed448", "ED448"),
        [1, 2, 156, 10_197, 1, 501]: ("sm2WithSM3", "SM2-with-SM3"),
    ]
}
