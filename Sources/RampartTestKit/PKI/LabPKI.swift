import Crypto
import Foundation
import NIOConcurrencyHelpers
import SwiftASN1
import X509

/// Rampart's in-memory test PKI: a root CA, an intermediate, a rogue root, and leaves for every
/// ``LabScenario``, all built with swift-certificates.
///
/// Keys are generated when a scenario is first asked for and kept for the life of the process, so
/// test suites share one PKI. The names in every good leaf are `localhost`, `127.0.0.1` and `::1`.
///
/// ```swift
/// let pki = try LabPKI.shared()
/// let chain = try pki.chain(.good)
/// print(chain.served.map(\.subject))
/// ```
public final class LabPKI: Sendable {
    /// The lab root CA (RSA-2048, SHA-256), valid for ten years.
    public let root: LabIdentity
    /// The lab intermediate CA (RSA-2048, SHA-256), issued by ``root``.
    public let intermediate: LabIdentity
    /// An unrelated root (P-256), standing for a MITM proxy's CA.
    public let rogueRoot: LabIdentity
    /// The moment the PKI was made; validity periods are relative to it.
    public let createdAt: Date

    private let chains = NIOLockedValueBox<[LabScenario: LabChain]>([:])
    private static let sharedPKI = NIOLockedValueBox<LabPKI?>(nil)

    /// The DNS name every good leaf carries.
    public static let hostName = "localhost"
    /// The IP addresses every good leaf carries.
    public static let ipAddresses = ["127.0.0.1", "::1"]

    /// The process-wide PKI, made on first use.
    public static func shared() throws -> LabPKI {
        try sharedPKI.withLockedValue { stored in
            if let stored { return stored }
            let made = try LabPKI()
            stored = made
            return made
        }
    }

    /// Makes a new PKI with fresh keys.
    public init(now: Date = Date()) throws {
        createdAt = now
        let day: TimeInterval = 86_400
        let rootKey = try LabKeyAlgorithm.rsa2048.makePrivateKey()
        root = try Self.issue(
            name: "Rampart Lab Root CA", key: rootKey, keyAlgorithm: .rsa2048, issuer: nil,
            kind: .certificateAuthority(pathLength: 1), validity: (now - day, now + 3650 * day))
        let intermediateKey = try LabKeyAlgorithm.rsa2048.makePrivateKey()
        intermediate = try Self.issue(
            name: "Rampart Lab Intermediate CA", key: intermediateKey, keyAlgorithm: .rsa2048, issuer: root,
            kind: .certificateAuthority(pathLength: 0), validity: (now - day, now + 1825 * day))
        let rogueKey = try LabKeyAlgorithm.p256.makePrivateKey()
        rogueRoot = try Self.issue(
            name: "Rogue Interception CA", key: rogueKey, keyAlgorithm: .p256, issuer: nil,
            kind: .certificateAuthority(pathLength: nil), validity: (now - day, now + 3650 * day))
    }

    /// The chain for `scenario`, issued on first request.
    public func chain(_ scenario: LabScenario) throws -> LabChain {
        if let cached = chains.withLockedValue({ $0[scenario] }) { return cached }
        let made = try issueChain(scenario)
        return chains.withLockedValue { stored in
            if let raced = stored[scenario] { return raced }
            stored[scenario] = made
            return made
        }
    }

    private func issueChain(_ scenario: LabScenario) throws -> LabChain {
        if scenario == .missingIntermediate {
            let good = try chain(.good)
            return LabChain(scenario: scenario, leaf: good.leaf, intermediates: [], issuingRoot: root.certificate)
        }
        let day: TimeInterval = 86_400
        let algorithm = scenario.leafKeyAlgorithm
        let key = try algorithm.makePrivateKey()
        var names = LeafNames.lab
        var validity = (createdAt - day, createdAt + 90 * day)
        var issuer: LabIdentity? = intermediate
        var signature: Certificate.SignatureAlgorithm? = nil
        switch scenario {
        case .expired: validity = (createdAt - 60 * day, createdAt - 30 * day)
        case .notYetValid: validity = (createdAt + 30 * day, createdAt + 120 * day)
        case .wrongHost: names = LeafNames(dnsNames: ["wrong-host.invalid"], ipAddresses: [])
        case .selfSigned: issuer = nil
        case .rogue: issuer = rogueRoot
        case .sha1Signed: signature = .sha1WithRSAEncryption
        case .good, .rsa1024, .rsa2048, .rsa4096, .p256, .p384, .p521, .ed25519, .missingIntermediate: break
        }
        let leaf = try Self.issue(
            name: "Rampart Lab \(scenario.rawValue) leaf", key: key, keyAlgorithm: algorithm, issuer: issuer,
            kind: .server(names), validity: validity, signatureAlgorithm: signature)
        switch scenario {
        case .selfSigned:
            return LabChain(scenario: scenario, leaf: leaf, intermediates: [], issuingRoot: leaf.certificate)
        case .rogue:
            return LabChain(scenario: scenario, leaf: leaf, intermediates: [], issuingRoot: rogueRoot.certificate)
        default:
            return LabChain(
                scenario: scenario, leaf: leaf, intermediates: [intermediate.certificate], issuingRoot: root.certificate
            )
        }
    }

    /// The names a server leaf covers.
    struct LeafNames {
        var dnsNames: [String]
        var ipAddresses: [[UInt8]]

        static let lab = LeafNames(
            dnsNames: [LabPKI.hostName], ipAddresses: [[127, 0, 0, 1], Array(repeating: 0, count: 15) + [1]])
    }

    enum Kind {
        case certificateAuthority(pathLength: Int?)
        case server(LeafNames)
        /// A TLS client certificate (`clientAuth`), for mutual TLS.
        case client
    }

    /// Issues one certificate; `issuer == nil` makes it self-signed.
    static func issue(
        name: String, key: Certificate.PrivateKey, keyAlgorithm: LabKeyAlgorithm, issuer: LabIdentity?,
        kind: Kind, validity: (Date, Date), signatureAlgorithm: Certificate.SignatureAlgorithm? = nil
    ) throws -> LabIdentity {
        let subject = try DistinguishedName {
            OrganizationName("Rampart Lab")
            CommonName(name)
        }
        let publicKey = key.publicKey
        let subjectKeyID = SubjectKeyIdentifier(hash: publicKey)
        let signingKey = issuer?.privateKey ?? key
        let signingAlgorithm = issuer?.keyAlgorithm ?? keyAlgorithm
        let authorityKeyID =
            try issuer?.certificate.extensions.subjectKeyIdentifier?.keyIdentifier ?? subjectKeyID.keyIdentifier
        let extensions = try Certificate.Extensions {
            switch kind {
            case .certificateAuthority(let pathLength):
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: pathLength))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            case .server(let names):
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true, keyEncipherment: keyAlgorithm.isRSA))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(
                    names.dnsNames.map { GeneralName.dnsName($0) }
                        + names.ipAddresses.map { GeneralName.ipAddress(ASN1OctetString(contentBytes: $0[...])) })
            case .client:
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.clientAuth])
            }
            subjectKeyID
            AuthorityKeyIdentifier(keyIdentifier: authorityKeyID)
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: publicKey,
            notValidBefore: validity.0,
            notValidAfter: validity.1,
            issuer: issuer?.certificate.subject ?? subject,
            subject: subject,
            signatureAlgorithm: signatureAlgorithm ?? signingAlgorithm.preferredSignatureAlgorithm,
            extensions: extensions,
            issuerPrivateKey: signingKey)
        return LabIdentity(certificate: certificate, privateKey: key, keyAlgorithm: keyAlgorithm)
    }
}

extension LabKeyAlgorithm {
    var isRSA: Bool { self == .rsa1024 || self == .rsa2048 || self == .rsa4096 }
}

extension SubjectKeyIdentifier {
    /// The RFC 5280 method-1 key identifier: SHA-1 of the public key bits.
    init(hash publicKey: Certificate.PublicKey) {
        self.init(keyIdentifier: ArraySlice(Insecure.SHA1.hash(data: publicKey.subjectPublicKeyInfoBytes)))
    }
}
