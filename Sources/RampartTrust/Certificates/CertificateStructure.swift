import Foundation
import SwiftASN1
import X509

/// The parts of an X.509 certificate a person pins by, read by walking its DER with swift-asn1:
/// Certificate → tbsCertificate → version, serial, signature, issuer, validity, subject,
/// subjectPublicKeyInfo, extensions. Unlike `Certificate(derEncoded:)` it never decodes the key,
/// so it reads certificates whose key swift-certificates refuses (RSA under 2048 bits, DSA,
/// Ed448, curves other than P-256/P-384/P-521). Nothing here is verified.
struct CertificateStructure: Sendable, Hashable {
    var subject: DistinguishedName
    var issuer: DistinguishedName
    var notValidBefore: Date
    var notValidAfter: Date
    /// The outer `signatureAlgorithm`'s OID.
    var signatureAlgorithm: ASN1ObjectIdentifier
    /// The SubjectPublicKeyInfo exactly as encoded in the certificate (what a pin hashes).
    var subjectPublicKeyInfo: [UInt8]
    var extensions: Certificate.Extensions

    /// - Throws: `ASN1Error` when the bytes are not one DER certificate (truncated, trailing
    ///   bytes, a field of the wrong type, a malformed name, time or extension).
    init(derEncoded bytes: [UInt8]) throws {
        self = try DER.sequence(try DER.parse(bytes), identifier: .sequence) { nodes in
            guard let tbs = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "a certificate without tbsCertificate")
            }
            let signatureAlgorithm = try Self.algorithm(&nodes).oid
            _ = try ASN1BitString(derEncoded: &nodes)
            return try Self.readTBSCertificate(tbs, signatureAlgorithm: signatureAlgorithm)
        }
    }

    private init(
        subject: DistinguishedName, issuer: DistinguishedName, notValidBefore: Date, notValidAfter: Date,
        signatureAlgorithm: ASN1ObjectIdentifier, subjectPublicKeyInfo: [UInt8], extensions: Certificate.Extensions
    ) {
        self.subject = subject
        self.issuer = issuer
        self.notValidBefore = notValidBefore
        self.notValidAfter = notValidAfter
        self.signatureAlgorithm = signatureAlgorithm
        self.subjectPublicKeyInfo = subjectPublicKeyInfo
        self.extensions = extensions
    }

    /// The next node as a distinguished name (`field` names it in errors).
    private static func name(_ nodes: inout ASN1NodeCollection.Iterator, _ field: String) throws -> DistinguishedName {
        guard let node = nodes.next() else {
            throw ASN1Error.invalidASN1Object(reason: "a certificate without its \(field) name")
        }
        return try DistinguishedName(derEncoded: node)
    }

    private static func readTBSCertificate(_ node: ASN1Node, signatureAlgorithm: ASN1ObjectIdentifier) throws -> Self {
        try DER.sequence(node, identifier: .sequence) { nodes in
            let version = try DER.decodeDefaultExplicitlyTagged(
                &nodes, tagNumber: 0, tagClass: .contextSpecific, defaultValue: Int(0))
            guard (0...2).contains(version) else {
                throw ASN1Error.invalidASN1Object(reason: "X.509 version \(version + 1)")
            }
            _ = try ArraySlice<UInt8>(derEncoded: &nodes)  // serialNumber
            _ = try algorithm(&nodes)  // signature (repeated inside the signed part)
            let issuer = try name(&nodes, "issuer")
            let (notBefore, notAfter) = try validity(&nodes)
            let subject = try name(&nodes, "subject")
            guard let spki = nodes.next() else {
                throw ASN1Error.invalidASN1Object(reason: "a certificate without subjectPublicKeyInfo")
            }
            try DER.sequence(spki, identifier: .sequence) { fields in
                _ = try algorithm(&fields)
                _ = try ASN1BitString(derEncoded: &fields)
            }
            // issuerUniqueID [1] and subjectUniqueID [2]: skipped whatever their encoding.
            for tag in [UInt(1), 2] {
                var lookahead = nodes
                if let next = lookahead.next(),
                    next.identifier == ASN1Identifier(tagWithNumber: tag, tagClass: .contextSpecific)
                {
                    nodes = lookahead
                }
            }
            let extensions = try DER.optionalExplicitlyTagged(&nodes, tagNumber: 3, tagClass: .contextSpecific) {
                try DER.sequence(of: Certificate.Extension.self, identifier: .sequence, rootNode: $0)
            }
            return Self(
                subject: subject, issuer: issuer, notValidBefore: notBefore, notValidAfter: notAfter,
                signatureAlgorithm: signatureAlgorithm, subjectPublicKeyInfo: Array(spki.encodedBytes),
                extensions: try Certificate.Extensions(extensions ?? []))
        }
    }

    /// The SubjectPublicKeyInfo exactly as encoded in a TBSCertificate (swift-certificates keeps
    /// a decoded certificate's as `tbsCertificateBytes`), found by position without decoding the
    /// names or the key: re-encoding an RSA key costs more than this walk, and the walk reads only
    /// the headers of the fields before the key (`DERElement`), since swift-certificates already
    /// parsed these bytes whole.
    static func subjectPublicKeyInfo(ofTBSCertificate tbs: ArraySlice<UInt8>) throws -> ArraySlice<UInt8> {
        let sequence = try DERElement(in: tbs, at: tbs.startIndex)
        guard sequence.identifier == DERElement.sequence, sequence.encoded.upperBound == tbs.endIndex else {
            throw ASN1Error.invalidASN1Object(reason: "not one TBSCertificate SEQUENCE")
        }
        var field = try sequence.child(after: nil, in: tbs)
        if field?.identifier == 0xA0 { field = try sequence.child(after: field, in: tbs) }  // version
        // serialNumber, signature, issuer, validity, subject
        for _ in 0..<5 {
            guard let current = field else {
                throw ASN1Error.invalidASN1Object(reason: "a TBSCertificate cut short before its key")
            }
            field = try sequence.child(after: current, in: tbs)
        }
        guard let spki = field, spki.identifier == DERElement.sequence else {
            throw ASN1Error.invalidASN1Object(reason: "a TBSCertificate without subjectPublicKeyInfo")
        }
        return tbs[spki.encoded]
    }

    /// An AlgorithmIdentifier: its OID and its parameters when present.
    static func algorithm(_ nodes: inout ASN1NodeCollection.Iterator) throws -> (
        oid: ASN1ObjectIdentifier, parameters: ASN1Node?
    ) {
        guard let node = nodes.next() else {
            throw ASN1Error.invalidASN1Object(reason: "a missing AlgorithmIdentifier")
        }
        return try DER.sequence(node, identifier: .sequence) { fields in
            let oid = try ASN1ObjectIdentifier(derEncoded: &fields)
            return (oid, fields.next())
        }
    }

    private static func validity(_ nodes: inout ASN1NodeCollection.Iterator) throws -> (Date, Date) {
        guard let node = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "a missing validity") }
        return try DER.sequence(node, identifier: .sequence) { times in
            guard let before = times.next(), let after = times.next() else {
                throw ASN1Error.invalidASN1Object(reason: "a validity without two times")
            }
            return (try date(before), try date(after))
        }
    }

    /// A UTCTime or GeneralizedTime as a `Date` (both are UTC in certificates).
    private static func date(_ node: ASN1Node) throws -> Date {
        switch node.identifier {
        case .utcTime:
            let time = try UTCTime(derEncoded: node)
            return date(time.year, time.month, time.day, time.hours, time.minutes, time.seconds, 0)
        case .generalizedTime:
            let time = try GeneralizedTime(derEncoded: node)
            return date(
                time.year, time.month, time.day, time.hours, time.minutes, time.seconds, time.fractionalSeconds)
        default:
            throw ASN1Error.unexpectedFieldType(node.identifier)
        }
    }

    /// Seconds since 1970 of a proleptic Gregorian UTC date (days-from-civil), no calendar needed.
    private static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hours: Int, _ minutes: Int, _ seconds: Int, _ fraction: Double
    ) -> Date {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let whole = days * 86_400 + hours * 3_600 + minutes * 60 + seconds
        return Date(timeIntervalSince1970: Double(whole) + fraction)
    }
}
