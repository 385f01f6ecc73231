import SwiftASN1

/// A public key's type and size read from its SubjectPublicKeyInfo DER alone (the algorithm OID,
/// its parameters and, for RSA, the modulus), and whether that key is weak. It describes keys
/// swift-certificates does not decode: RSA of any size, DSA, named curves by OID (secp256k1,
/// P-192, P-224, brainpool, SM2), explicit curves, Ed25519, Ed448, X25519, X448 and DH.
struct PublicKeyDescription: Sendable, Hashable {
    /// `RSA`, `RSA-PSS`, `EC P-256`, `EC secp256k1`, `EC 1.2.3.4` (an unknown curve), `DSA`,
    /// `Ed25519`, `Ed448`, `X25519`, `X448`, `DH`, or `unknown (OID)`.
    var type: String
    /// The modulus (RSA), prime (DSA, DH) or curve size in bits; 0 when it cannot be told.
    var bits: Int
    /// Why the key is weak, or `nil`.
    var weakness: String?

    init(subjectPublicKeyInfo: [UInt8]) throws {
        let (algorithm, parameters, key) = try DER.sequence(try DER.parse(subjectPublicKeyInfo), identifier: .sequence)
        {
            nodes in
            let algorithm = try CertificateStructure.algorithm(&nodes)
            return (algorithm.oid, algorithm.parameters, try ASN1BitString(derEncoded: &nodes).bytes)
        }
        switch algorithm {
        case Self.rsaEncryption, Self.rsassaPSS:
            type = algorithm == Self.rsaEncryption ? "RSA" : "RSA-PSS"
            bits = try DER.sequence(try DER.parse(key), identifier: .sequence) { fields in
                let modulus = try ArraySlice<UInt8>(derEncoded: &fields)
                _ = try ArraySlice<UInt8>(derEncoded: &fields)
                return Self.bitLength(modulus)
            }
            weakness =
                bits < 2048
                ? "\(type) key of \(bits) bits is weak: under the 2048-bit minimum (NIST SP 800-131A, App Transport Security)"
                : nil
        case Self.ecPublicKey, Self.ecDH:
            (type, bits) = try Self.curve(parameters)
            weakness =
                bits > 0 && bits < 224
                ? "\(type) key of \(bits) bits is weak: under 224 bits (NIST SP 800-131A; App Transport Security wants 256)"
                : nil
        case Self.dsa:
            type = "DSA"
            bits = try parameters.map(Self.firstIntegerBits) ?? 0
            weakness = "DSA keys are weak: FIPS 186-5 withdrew DSA and TLS 1.3 cannot use it"
        case Self.dh:
            type = "DH"
            bits = try parameters.map(Self.firstIntegerBits) ?? 0
            weakness = bits < 2048 ? "DH key of \(bits) bits is weak: under 2048 bits" : nil
        default:
            let known: [ASN1ObjectIdentifier: (String, Int)] = [
                Self.ed25519: ("Ed25519", 256), Self.ed448: ("Ed448", 456), Self.x25519: ("X25519", 256),
                Self.x448: ("X448", 448),
            ]
            (type, bits) = known[algorithm] ?? ("unknown (\(algorithm))", 0)
            weakness = nil
        }
    }

    /// The curve of an `id-ecPublicKey`: a named curve OID, explicit parameters, or none.
    private static func curve(_ parameters: ASN1Node?) throws -> (String, Int) {
        guard let parameters else { return ("EC (parameters inherited from the issuer)", 0) }
        switch parameters.identifier {
        case .objectIdentifier:
            let oid = try ASN1ObjectIdentifier(derEncoded: parameters)
            if let (name, bits) = namedCurves[oid] { return ("EC \(name)", bits) }
            return ("EC \(oid)", 0)
        case .sequence:
            // SpecifiedECDomain: version, fieldID { fieldType, prime p }, curve, base, order, …
            let bits = try DER.sequence(parameters, identifier: .sequence) { fields in
                _ = fields.next()
                guard let fieldID = fields.next() else { return 0 }
                while fields.next() != nil {}
                return try DER.sequence(fieldID, identifier: .sequence) { field in
                    let fieldType = try ASN1ObjectIdentifier(derEncoded: &field)
                    guard fieldType == primeField, let prime = field.next() else {
                        while field.next() != nil {}
                        return 0
                    }
                    return bitLength(try ArraySlice<UInt8>(derEncoded: prime))
                }
            }
            return ("EC (explicit parameters)", bits)
        default:
            return ("EC (implicit parameters)", 0)
        }
    }

    /// The size of the first INTEGER of a parameters SEQUENCE (DSA's and DH's `p`).
    private static func firstIntegerBits(_ parameters: ASN1Node) throws -> Int {
        guard parameters.identifier == .sequence else { return 0 }
        return try DER.sequence(parameters, identifier: .sequence) { fields in
            let prime = try ArraySlice<UInt8>(derEncoded: &fields)
            while fields.next() != nil {}
            return bitLength(prime)
        }
    }

    /// The number of significant bits of a big-endian unsigned integer.
    static func bitLength(_ bytes: ArraySlice<UInt8>) -> Int {
        guard let first = bytes.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (bytes.endIndex - first - 1) * 8 + (8 - bytes[first].leadingZeroBitCount)
    }

    static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
    static let rsassaPSS: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 10]
    static let ecPublicKey: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 2, 1]
    static let ecDH: ASN1ObjectIdentifier = [1, 3, 132, 1, 12]
    static let dsa: ASN1ObjectIdentifier = [1, 2, 840, 10_040, 4, 1]
    static let dh: ASN1ObjectIdentifier = [1, 2, 840, 10_046, 2, 1]
    static let x25519: ASN1ObjectIdentifier = [1, 3, 101, 110]
    static let x448: ASN1ObjectIdentifier = [1, 3, 101, 111]
    static let ed25519: ASN1ObjectIdentifier = [1, 3, 101, 112]
    static let ed448: ASN1ObjectIdentifier = [1, 3, 101, 113]
    private static let primeField: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 1, 1]

    /// Named curves by OID (SEC 2, RFC 5639, GM/T 0006), with their size in bits.
    static let namedCurves: [ASN1ObjectIdentifier: (String, Int)] = [
        [1, 2, 840, 10_045, 3, 1, 1]: ("P-192", 192),
        [1, 3, 132, 0, 33]: ("P-224", 224),
        [1, 2, 840, 10_045, 3, 1, 7]: ("P-256", 256),
        [1, 3, 132, 0, 34]: ("P-384", 384),
        [1, 3, 132, 0, 35]: ("P-521", 521),
        [1, 3, 132, 0, 31]: ("secp192k1", 192),
        [1, 3, 132, 0, 32]: ("secp224k1", 224),
        [1, 3, 132, 0, 10]: ("secp256k1", 256),
        [1, 3, 132, 0, 8]: ("secp160r1", 160),
        [1, 3, 132, 0, 9]: ("secp160k1", 160),
        [1, 3, 132, 0, 30]: ("secp160r2", 160),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 1]: ("brainpoolP160r1", 160),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 3]: ("brainpoolP192r1", 192),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 5]: ("brainpoolP224r1", 224),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 7]: ("brainpoolP256r1", 256),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 9]: ("brainpoolP320r1", 320),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 11]: ("brainpoolP384r1", 384),
        [1, 3, 36, 3, 3, 2, 8, 1, 1, 13]: ("brainpoolP512r1", 512),
        [1, 2, 156, 10_197, 1, 301]: ("SM2", 256),
    ]
}
