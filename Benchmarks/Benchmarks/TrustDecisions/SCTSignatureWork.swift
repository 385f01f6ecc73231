import Crypto
import RampartTrust
import _CryptoExtras

/// The signature work of a first-sight CT check and nothing else: each log's key parsed once, then
/// per call every SCT's signature read from its encoding and verified over the bytes its log signed
/// (prepared once, hashed by the verification). A decision's CT overhead is what it costs beyond
/// this and the chain decision.
///
/// ```swift
/// let work = try SCTSignatureWork(scts: scts, entry: entry, logs: list)
/// precondition(work.verifyAll())
/// ```
struct SCTSignatureWork: Sendable {
    private enum Key: Sendable {
        case p256(P256.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    private struct Item: Sendable {
        var key: Key
        var signature: [UInt8]
        var signed: [UInt8]
    }

    private let items: [Item]

    /// One item per SCT of `scts`, whose log must be in `logs`.
    init(scts: [SignedCertificateTimestamp], entry: CTSignedEntry, logs: CTLogList) throws {
        items = try scts.map { sct in
            guard let der = logs.logs[sct.logID]?.key else {
                throw BenchmarkSetupFailure("SCT from a log the list lacks: \(sct.logID.base64)")
            }
            let key: Key
            if let p256 = try? P256.Signing.PublicKey(derRepresentation: der) {
                key = .p256(p256)
            } else {
                key = .rsa(try _RSA.Signing.PublicKey(derRepresentation: der))
            }
            return Item(key: key, signature: sct.signature, signed: entry.signedData(for: sct))
        }
    }

    /// How many signatures are verified per call.
    var count: Int { items.count }

    /// Whether every signature verifies.
    func verifyAll() -> Bool {
        var valid = true
        for item in items {
            switch item.key {
            case .p256(let key):
                guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: item.signature) else {
                    return false
                }
                valid = key.isValidSignature(signature, for: item.signed) && valid
            case .rsa(let key):
                valid =
                    key.isValidSignature(
                        _RSA.Signing.RSASignature(rawRepresentation: item.signature), for: item.signed,
                        padding: .insecurePKCS1v1_5) && valid
            }
        }
        return valid
    }
}
