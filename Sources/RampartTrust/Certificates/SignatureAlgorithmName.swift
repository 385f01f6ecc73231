import SwiftASN1

/// Names of certificate signature algorithms by OID, spelled as swift-certificates spells the ones
/// it knows (`SignatureAlgorithm.sha256WithRSAEncryption`), and which of them are weak.
enum SignatureAlgorithmName {
    /// `SignatureAlgorithm.NAME`, or `SignatureAlgorithm(OID)` for an algorithm not in the table.
    static func describe(_ oid: ASN1ObjectIdentifier) -> String {
        names[oid].map { "SignatureAlgorithm.\($0)" } ?? "SignatureAlgorithm(\(oid))"
    }

    /// Why a signature with this algorithm proves little, or `nil`.
    static func weakness(_ oid: ASN1ObjectIdentifier) -> String? {
        guard let name = names[oid] else { return nil }
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
