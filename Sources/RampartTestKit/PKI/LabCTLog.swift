import Crypto
import Foundation
import RampartTrust
import _CryptoExtras

/// A Certificate Transparency log of the lab: a P-256 or RSA-2048 key that signs SCTs, and its
/// entry for a log list, so tests and the demo run CT end to end without a real log.
///
/// ```swift
/// let argon = LabCTLog(name: "Lab Argon", operatorName: "Lab Google")
/// let list = CTLogList(logs: [argon.log(state: .usable(since: .distantPast))], timestamp: Date())
/// let chain = try LabPKI.shared().leafWithEmbeddedSCTs(from: [(argon, Date()), (nimbus, Date())])
/// ```
public struct LabCTLog: Sendable {
    /// The log key's kind: the two RFC 6962 allows.
    public enum KeyKind: Sendable { case p256, rsa2048 }

    private enum Signer: Sendable {
        case p256(P256.Signing.PrivateKey)
        case rsa(_RSA.Signing.PrivateKey)
    }

    public let name: String
    public let operatorName: String
    private let signer: Signer

    public init(name: String, operatorName: String, key: KeyKind = .p256) throws {
        self.name = name
        self.operatorName = operatorName
        switch key {
        case .p256: signer = .p256(P256.Signing.PrivateKey())
        case .rsa2048: signer = .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        }
    }

    /// The log's SubjectPublicKeyInfo DER.
    public var subjectPublicKeyInfo: [UInt8] {
        switch signer {
        case .p256(let key): return Array(key.publicKey.derRepresentation)
        case .rsa(let key): return Array(key.publicKey.derRepresentation)
        }
    }

    /// The log's ID (SHA-256 of its key).
    public var id: CTLogID { CTLogID(subjectPublicKeyInfoDER: subjectPublicKeyInfo) }

    /// This log as a log list lists it.
    public func log(state: CTLog.State, temporalInterval: Range<Date>? = nil, staticCTAPI: Bool = false) -> CTLog {
        CTLog(
            key: subjectPublicKeyInfo, description: name, operatorName: operatorName, state: state,
            temporalInterval: temporalInterval, isStaticCTAPI: staticCTAPI)
    }

    /// An SCT this log signs over `entry`, timestamped `date`.
    public func sct(
        over entry: CTSignedEntry, at date: Date, origin: SignedCertificateTimestamp.Origin = .embedded
    ) throws -> SignedCertificateTimestamp {
        var sct = SignedCertificateTimestamp(
            version: 0, logID: id, timestamp: UInt64(max(0, date.timeIntervalSince1970 * 1000)), extensions: [],
            hashAlgorithm: 4, signatureAlgorithm: 3, signature: [], origin: origin)
        let signed = entry.signedData(for: sct)
        switch signer {
        case .p256(let key):
            sct.signature = Array(try key.signature(for: signed).derRepresentation)
        case .rsa(let key):
            sct.signatureAlgorithm = 1
            sct.signature = Array(try key.signature(for: signed, padding: .insecurePKCS1v1_5).rawRepresentation)
        }
        return sct
    }
}

extension LabCTLog {
    /// A log list in Chrome's v3 schema naming `logs`, each usable since 2017 and grouped by
    /// operator, published at `publishedAt`: the file `rampart ct check --log-list` and
    /// `rampart fetch --ct-log-list` read.
    ///
    /// ```swift
    /// try LabCTLog.chromeLogList([argon, nimbus]).write(to: listURL)
    /// ```
    public static func chromeLogList(_ logs: [LabCTLog], publishedAt: Date = Date()) throws -> Data {
        let format = ISO8601DateFormatter()
        let operators = Dictionary(grouping: logs, by: \.operatorName).sorted { $0.key < $1.key }.map { name, logs in
            [
                "name": name, "email": ["ct@lab.invalid"],
                "logs": logs.map { log -> [String: Any] in
                    [
                        "description": log.name, "log_id": log.id.base64,
                        "key": Data(log.subjectPublicKeyInfo).base64EncodedString(),
                        "url":
                            "https://ct.lab.invalid/\(log.name.lowercased().replacingOccurrences(of: " ", with: "-"))/",
                        "mmd": 86_400, "state": ["usable": ["timestamp": "2017-01-01T00:00:00Z"]],
                    ]
                },
            ] as [String: Any]
        }
        return try JSONSerialization.data(
            withJSONObject: [
                "version": "1", "log_list_timestamp": format.string(from: publishedAt), "operators": operators,
            ] as [String: Any], options: [.prettyPrinted, .sortedKeys])
    }
}
