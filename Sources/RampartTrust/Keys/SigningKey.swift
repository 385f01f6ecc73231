import Crypto
import SwiftASN1
import X509
import _CryptoExtras

/// A private key that signs for its certificate, as a TLS client identity needs one: P-256,
/// P-384 or RSA of 2048 bits or more, read from PEM by the package's one PEM reader
/// (``PEMBlock``): PKCS#8 `PRIVATE KEY`, SEC1 `EC PRIVATE KEY` or PKCS#1 `RSA PRIVATE KEY`.
///
/// Encrypted keys (`ENCRYPTED PRIVATE KEY`, OpenSSL's legacy `Proc-Type: 4,ENCRYPTED`) are refused
/// with ``SigningKeyError/encrypted(source:)``; P-521, Ed25519 and short RSA keys with
/// ``SigningKeyError/unsupported(source:kind:)``.
///
/// ```swift
/// let key = try SigningKey(pemEncoded: Array(pemData), source: "client.key")
/// try key.check(matches: chain[0], source: "client.key")
/// print(key.kind)   // "P-256"
/// ```
public enum SigningKey: Sendable {
    case p256(P256.Signing.PrivateKey)
    case p384(P384.Signing.PrivateKey)
    case rsa(_RSA.Signing.PrivateKey)

    /// The labels of PEM blocks read as keys.
    static let labels: Set<String> = ["PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY", "ENCRYPTED PRIVATE KEY"]

    /// Reads the one private key of PEM `bytes`; `source` names them in errors (a path, "standard input").
    ///
    /// - Throws: ``SigningKeyError`` when there is no key block or more than one, the key is
    ///   encrypted, malformed, or of a kind other than P-256, P-384 and RSA ≥ 2048.
    public init(pemEncoded bytes: [UInt8], source: String) throws(SigningKeyError) {
        let blocks: [PEMBlock]
        do {
            blocks = try PEMBlock.blocks(in: bytes, labels: Self.labels)
        } catch {
            if error.reason.hasPrefix("it is encrypted") { throw .encrypted(source: source) }
            throw .malformed(source: source, reason: error.description)
        }
        guard let block = blocks.first else {
            throw .malformed(
                source: source,
                reason: PEMBlock.containsBoundary(bytes)
                    ? "it has PEM blocks, but none labelled PRIVATE KEY, EC PRIVATE KEY or RSA PRIVATE KEY"
                    : "it is not PEM (no -----BEGIN line)")
        }
        guard blocks.count == 1 else {
            throw .malformed(
                source: source, reason: "it holds \(blocks.count) private keys (lines \(blocks.map(\.line))); give one")
        }
        if block.label == "ENCRYPTED PRIVATE KEY" { throw .encrypted(source: source) }
        self = try Self.decode(block, source: source)
    }

    /// Whether PEM `bytes` have a private key block at all (readable or not), as a file that may
    /// hold a certificate and its key does (curl's `--cert` without `--key`).
    public static func holdsKey(_ bytes: [UInt8]) -> Bool {
        labels.contains { label in
            let boundary = Array("-----BEGIN \(label)-----".utf8)
            guard bytes.count >= boundary.count else { return false }
            return (0...(bytes.count - boundary.count)).contains {
                bytes[$0..<($0 + boundary.count)].elementsEqual(boundary)
            }
        }
    }

    /// The key of one block: each supported type is tried in turn, then, for a key none of them
    /// takes, swift-certificates names what it is.
    private static func decode(_ block: PEMBlock, source: String) throws(SigningKeyError) -> SigningKey {
        let der = block.derBytes
        var shortRSA = false
        if block.label != "RSA PRIVATE KEY" {
            if let key = try? P256.Signing.PrivateKey(derRepresentation: der) { return .p256(key) }
            if let key = try? P384.Signing.PrivateKey(derRepresentation: der) { return .p384(key) }
        }
        if block.label != "EC PRIVATE KEY" {
            do {
                return .rsa(try _RSA.Signing.PrivateKey(derRepresentation: der))
            } catch CryptoKitError.incorrectParameterSize {
                shortRSA = true
            } catch {}
        }
        if shortRSA { throw .unsupported(source: source, kind: "an RSA key of fewer than 2048 bits") }
        let other: Certificate.PrivateKey
        do {
            other = try Certificate.PrivateKey(pemDocument: PEMDocument(type: block.label, derBytes: der))
        } catch let error as CertificateError where error.code == .unsupportedPrivateKey {
            throw .unsupported(source: source, kind: "a key of another algorithm or curve")
        } catch {
            throw .malformed(
                source: source,
                reason:
                    "the \(block.label) block at line \(block.line) does not decode as a key (\(der.count) bytes of DER)"
            )
        }
        if P521.Signing.PublicKey(other.publicKey) != nil { throw .unsupported(source: source, kind: "a P-521 key") }
        if Curve25519.Signing.PublicKey(other.publicKey) != nil {
            throw .unsupported(source: source, kind: "an Ed25519 key")
        }
        throw .unsupported(source: source, kind: "a key of another algorithm or curve")
    }

    /// The key's public half, as a certificate carries it.
    public var publicKey: Certificate.PublicKey {
        switch self {
        case .p256(let key): return Certificate.PublicKey(key.publicKey)
        case .p384(let key): return Certificate.PublicKey(key.publicKey)
        case .rsa(let key): return Certificate.PublicKey(key.publicKey)
        }
    }

    /// The key as swift-certificates signs with it.
    public var certificateKey: Certificate.PrivateKey {
        switch self {
        case .p256(let key): return Certificate.PrivateKey(key)
        case .p384(let key): return Certificate.PrivateKey(key)
        case .rsa(let key): return Certificate.PrivateKey(key)
        }
    }

    /// "P-256", "P-384" or "RSA-2048" (the modulus size).
    public var kind: String {
        switch self {
        case .p256: return "P-256"
        case .p384: return "P-384"
        case .rsa(let key): return "RSA-\(key.keySizeInBits)"
        }
    }

    /// Whether this key is the private half of `certificate`'s public key.
    ///
    /// - Throws: ``SigningKeyError/doesNotMatchCertificate(source:certificate:)`` naming the
    ///   certificate's subject.
    public func check(matches certificate: Certificate, source: String) throws(SigningKeyError) {
        guard publicKey.subjectPublicKeyInfoBytes == certificate.publicKey.subjectPublicKeyInfoBytes else {
            throw .doesNotMatchCertificate(source: source, certificate: "'\(certificate.subject)'")
        }
    }
}
