import Crypto
import Foundation
import RampartTrust
import SwiftASN1
import X509

extension LabPKI {
    /// A P-256 leaf for localhost, 127.0.0.1 and ::1, issued by the lab intermediate, with the
    /// SCTs `logs` sign embedded (none: no SCT extension), each at its date: first the precertificate's TBS is signed by the
    /// logs, then the same certificate is issued with their SCT list added, as a public CA does.
    ///
    /// ```swift
    /// let chain = try pki.leafWithEmbeddedSCTs(from: [(argon, Date()), (nimbus, Date())])
    /// ```
    ///
    /// - Parameters:
    ///   - logs: the logs that sign an SCT for the leaf, each with the SCT's timestamp.
    ///   - validity: `notBefore` and `notAfter` (default: an hour ago, 90 days ahead).
    public func leafWithEmbeddedSCTs(
        from logs: [(log: LabCTLog, date: Date)], validity: (Date, Date)? = nil
    ) throws -> LabChain {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let validity = validity ?? (Date() - 3600, Date() + 90 * 86_400)
        let serial = Certificate.SerialNumber()
        let subject = try DistinguishedName {
            OrganizationName("Rampart Lab")
            CommonName("Rampart Lab CT leaf")
        }
        let names = LeafNames.lab
        var extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames(
                names.dnsNames.map { GeneralName.dnsName($0) }
                    + names.ipAddresses.map { GeneralName.ipAddress(ASN1OctetString(contentBytes: $0[...])) })
        }
        func issue(_ extensions: Certificate.Extensions) throws -> Certificate {
            try Certificate(
                version: .v3, serialNumber: serial, publicKey: key.publicKey, notValidBefore: validity.0,
                notValidAfter: validity.1, issuer: intermediate.certificate.subject, subject: subject,
                signatureAlgorithm: intermediate.keyAlgorithm.preferredSignatureAlgorithm, extensions: extensions,
                issuerPrivateKey: intermediate.privateKey)
        }
        let precertificate = try issue(extensions)
        let entry = try CTSignedEntry.precertificate(
            leafDER: try precertificate.derBytes,
            issuerSubjectPublicKeyInfoDER: try EncodedCertificate(intermediate.certificate).subjectPublicKeyInfo ?? [])
        guard !logs.isEmpty else {
            // No SCT at all: the certificate a CA that skips CT issues.
            let leaf = LabIdentity(certificate: precertificate, privateKey: key, keyAlgorithm: .p256)
            return LabChain(
                scenario: .good, leaf: leaf, intermediates: [intermediate.certificate], issuingRoot: root.certificate)
        }
        var body = TLSWriter()
        for (log, date) in logs { body.vector(try log.sct(over: entry, at: date).serialized, lengthBytes: 2) }
        var list = TLSWriter()
        list.vector(body.bytes, lengthBytes: 2)
        var wrapped = DER.Serializer()
        try wrapped.serialize(ASN1OctetString(contentBytes: ArraySlice(list.bytes)))
        try extensions.append(
            Certificate.Extension(
                oid: SignedCertificateTimestamp.extensionOID, critical: false,
                value: ArraySlice(wrapped.serializedBytes)))
        let leaf = LabIdentity(certificate: try issue(extensions), privateKey: key, keyAlgorithm: .p256)
        return LabChain(
            scenario: .good, leaf: leaf, intermediates: [intermediate.certificate], issuingRoot: root.certificate)
    }

    /// A P-256 leaf for localhost, issued by the lab intermediate, whose SCT-list extension holds
    /// `list` (TLS-encoded) whatever it is: by default a list whose length overruns, for tests of
    /// malformed SCT lists.
    ///
    /// ```swift
    /// let leaf = try pki.leafWithRawSCTList()  // "malformed SCT list", not "no SCT"
    /// ```
    public func leafWithRawSCTList(_ list: [UInt8] = [0x00, 0x05, 0x00, 0x01]) throws -> Certificate {
        let key = P256.Signing.PrivateKey()
        var wrapped = DER.Serializer()
        try wrapped.serialize(ASN1OctetString(contentBytes: ArraySlice(list)))
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            SubjectAlternativeNames([.dnsName("localhost")])
            Certificate.Extension(
                oid: SignedCertificateTimestamp.extensionOID, critical: false,
                value: ArraySlice(wrapped.serializedBytes))
        }
        return try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: Date() - 3600,
            notValidAfter: Date() + 30 * 86_400, issuer: intermediate.certificate.subject,
            subject: try DistinguishedName { CommonName("malformed SCT list") },
            signatureAlgorithm: intermediate.keyAlgorithm.preferredSignatureAlgorithm, extensions: extensions,
            issuerPrivateKey: intermediate.privateKey)
    }
}
