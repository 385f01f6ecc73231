import Foundation
import X509

/// What a certificate's SCTs are, whatever the time: the SCTs found (embedded and delivered),
/// each signature's verdict against the log list's keys, and the leaf's validity period.
///
/// Everything here is a pure function of the leaf's and issuer's bytes, the delivered SCTs and
/// the logs' keys, so a checker keeps it in a ``CTVerifiedSCTCache`` and judges it again at each
/// handshake's time (log states, shards and freezes are time-dependent; signatures are not).
struct CTVerifiedSCTs: Sendable {
    /// Embedded SCTs first, then the delivered ones.
    var scts: [SignedCertificateTimestamp]
    /// `signatureValid[i]`: the log named by `scts[i]` is in the list and its key verifies the
    /// signature over the right entry (the precertificate for an embedded SCT).
    var signatureValid: [Bool]
    var notBefore: Date?
    var notAfter: Date?
    /// What could not be read (a missing issuer).
    var notes: [String]
    /// The reason the SCT list extension is malformed, when it is.
    var malformedSCTList: String?

    init(
        leaf: EncodedCertificate, issuer: EncodedCertificate?, delivered: [SignedCertificateTimestamp],
        keys: [CTLogID: CTLog.VerifyingKey]
    ) {
        let embedded = Result { () throws(TrustError) in try SignedCertificateTimestamp.embedded(in: leaf) }
        let precertificate: () throws(TrustError) -> CTSignedEntry? = {
            guard let spki = issuer?.structure?.subjectPublicKeyInfo else { return nil }
            if let decoded = leaf.certificate {
                return try CTSignedEntry.precertificate(
                    tbsCertificate: decoded.tbsCertificateBytes, issuerSubjectPublicKeyInfoDER: spki)
            }
            return try CTSignedEntry.precertificate(leafDER: leaf.derBytes, issuerSubjectPublicKeyInfoDER: spki)
        }
        self.init(
            embedded: embedded, delivered: delivered, precertificate: precertificate, leafDER: { leaf.derBytes },
            notBefore: leaf.structure?.notValidBefore, notAfter: leaf.structure?.notValidAfter, keys: keys)
    }

    /// The same from certificates swift-certificates decoded (a chain being validated): nothing is
    /// re-encoded. The precertificate is rebuilt from the leaf's TBSCertificate as decoded, the
    /// issuer's key is found in its TBSCertificate by position, and the leaf's whole DER is
    /// serialized only for delivered SCTs (their entry is the certificate).
    init(
        leaf: Certificate, issuer: Certificate?, delivered: [SignedCertificateTimestamp],
        keys: [CTLogID: CTLog.VerifyingKey]
    ) {
        let embedded = Result { () throws(TrustError) in
            try SignedCertificateTimestamp.embedded(in: leaf.extensions)
        }
        let precertificate: () throws(TrustError) -> CTSignedEntry? = {
            guard let issuer,
                let spki = try? CertificateStructure.subjectPublicKeyInfo(ofTBSCertificate: issuer.tbsCertificateBytes)
            else { return nil }
            return try CTSignedEntry.precertificate(
                tbsCertificate: leaf.tbsCertificateBytes, issuerSubjectPublicKeyInfoDER: spki)
        }
        self.init(
            embedded: embedded, delivered: delivered, precertificate: precertificate,
            leafDER: { try? leaf.derBytes }, notBefore: leaf.notValidBefore, notAfter: leaf.notValidAfter, keys: keys)
    }

    private init(
        embedded: Result<[SignedCertificateTimestamp], TrustError>, delivered: [SignedCertificateTimestamp],
        precertificate makePrecertificate: () throws(TrustError) -> CTSignedEntry?, leafDER: () -> [UInt8]?,
        notBefore: Date?, notAfter: Date?, keys: [CTLogID: CTLog.VerifyingKey]
    ) {
        var notes: [String] = []
        var scts = delivered
        var malformed: String?
        switch embedded {
        case .success(let found): scts = delivered.isEmpty ? found : found + delivered
        case .failure(let error):
            if case .malformedSCTList(let reason) = error { malformed = reason } else { malformed = "\(error)" }
        }
        let hasEmbedded = scts.contains { $0.origin == .embedded }
        let precertificate = hasEmbedded ? try? makePrecertificate() : nil
        if precertificate == nil, hasEmbedded {
            notes.append("embedded SCTs need the issuer certificate to be verified; none was given")
        }
        let certificate = scts.contains { $0.origin != .embedded } ? leafDER().map(CTSignedEntry.certificate) : nil
        self.scts = scts
        self.signatureValid = Self.verify(scts, precertificate: precertificate, certificate: certificate, keys: keys)
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.notes = notes
        self.malformedSCTList = malformed
    }

    /// Each SCT's signature verdict, in order: an embedded SCT over the precertificate, another over
    /// the certificate.
    private static func verify(
        _ scts: [SignedCertificateTimestamp], precertificate: CTSignedEntry?, certificate: CTSignedEntry?,
        keys: [CTLogID: CTLog.VerifyingKey]
    ) -> [Bool] {
        scts.map { sct in
            guard let key = keys[sct.logID], let entry = sct.origin == .embedded ? precertificate : certificate else {
                return false
            }
            return key.verifies(sct, over: entry)
        }
    }
}
