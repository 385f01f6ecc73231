import Foundation
import RampartTrust

/// One certificate of a served or validated chain in a JSON report (`ats diagnose`, `fetch --format json`):
/// names, key, signature algorithm (its standard name), expiry, SPKI pin (`sha256/BASE64`) and weaknesses.
struct ChainCertificateReport: Encodable {
    var subject: String
    var issuer: String
    var keyType: String
    var keyBits: Int
    var signatureAlgorithm: SignatureAlgorithmName
    var notValidAfter: Date
    var daysToExpiry: Int
    var spkiPin: String
    var weaknesses: [String]

    init(_ summary: CertificateSummary, now: Date = Date()) {
        subject = summary.subject
        issuer = summary.issuer
        keyType = summary.keyType
        keyBits = summary.keyBits
        signatureAlgorithm = summary.signatureAlgorithm
        notValidAfter = summary.notValidAfter
        daysToExpiry = summary.daysToExpiry(at: now)
        spkiPin = summary.spkiPin.description
        weaknesses = summary.weaknesses
    }
}
