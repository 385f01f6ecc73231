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
        var notes: [String] = []
        var scts = delivered
        var malformed: String?
        do throws(TrustError) {
            scts = try SignedCertificateTimestamp.embedded(in: leaf) + delivered
        } catch {
            if case .malformedSCTList(let reason) = error { malformed = reason } else { malformed = "\(error)" }
        }
        var precertificate: CTSignedEntry?
        if let issuer, let spki = issuer.structure?.subjectPublicKeyInfo {
            precertificate = try? CTSignedEntry.precertificate(
                leafDER: leaf.derBytes, issuerSubjectPublicKeyInfoDER: spki)
        }
        if precertificate == nil, scts.contains(where: { $0.origin == .embedded }) {
            notes.append("embedded SCTs need the issuer certificate to be verified; none was given")
        }
        let certificate = CTSignedEntry.certificate(leaf.derBytes)
        self.scts = scts
        self.signatureValid = scts.map { sct in
            guard let key = keys[sct.logID], let entry = sct.origin == .embedded ? precertificate : certificate
            else { return false }
            return key.verifies(sct, over: entry)
        }
        self.notBefore = leaf.structure?.notValidBefore
        self.notAfter = leaf.structure?.notValidAfter
        self.notes = notes
        self.malformedSCTList = malformed
    }
}
