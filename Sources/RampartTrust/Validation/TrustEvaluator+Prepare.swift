import Crypto
import Foundation
import SwiftASN1
import X509

extension TrustEvaluator {
    /// Runs one complete decision on a throwaway self-signed chain, so that the first real
    /// handshake of a short-lived process does not pay for the verifier's one-time set-up (type
    /// metadata, policy builders, key serialization). Call it from a background task at start-up.
    ///
    /// ```swift
    /// Task.detached { await TrustEvaluator.prepare() }
    /// ```
    public static func prepare() async {
        let name = "prepare.invalid"
        let certificate: Certificate
        let pinned: PinnedHost
        do {
            let key = P256.Signing.PrivateKey()
            let subject = try DistinguishedName { CommonName(name) }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName(name)])
            }
            certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(),
                publicKey: Certificate.PublicKey(key.publicKey), notValidBefore: Date() - 3600,
                notValidAfter: Date() + 3600, issuer: subject, subject: subject,
                signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
                issuerPrivateKey: Certificate.PrivateKey(key))
            let pin = try SPKIPin(certificate: certificate)
            pinned = try PinnedHost(domain: name, pins: [.init(pin, scope: .leaf)], requiresBackupPin: false)
        } catch {
            return  // nothing prepared; the first real decision does the set-up itself
        }
        let evaluator = TrustEvaluator(anchors: .only([certificate]), atsCertificateRules: true, pinning: [pinned])
        _ = await evaluator.evaluate(served: [certificate], host: name)
    }
}
