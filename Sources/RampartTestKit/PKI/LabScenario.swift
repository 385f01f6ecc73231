/// The certificate situations the lab can put a server in.
///
/// Each scenario yields a ``LabChain``: what the server presents and which root a client should
/// trust. Scenarios that are meant to fail validation say so in ``expectedVerifyError``.
///
/// ```swift
/// let expired = try LabPKI.shared().chain(.expired)
/// ```
public enum LabScenario: String, Sendable, CaseIterable, Codable {
    /// Root → intermediate → P-256 leaf for `localhost`, `127.0.0.1` and `::1`.
    case good
    /// A leaf for the same names signed by a different ("rogue") root: a MITM proxy's certificate.
    case rogue
    /// A leaf whose validity ended in the past.
    case expired
    /// A leaf whose validity starts in the future.
    case notYetValid
    /// A leaf for `wrong-host.invalid` only.
    case wrongHost
    /// A self-signed leaf for the right names, issued by no CA.
    case selfSigned
    /// A leaf with an RSA-1024 key (below the ATS minimum).
    case rsa1024
    /// A leaf signed with SHA-1 (below the ATS minimum).
    case sha1Signed
    /// Leaves with each supported key type, all otherwise good.
    case rsa2048, rsa4096, p256, p384, p521, ed25519
    /// The good leaf served without its intermediate.
    case missingIntermediate

    /// The key type of this scenario's leaf.
    public var leafKeyAlgorithm: LabKeyAlgorithm {
        switch self {
        case .rsa1024: return .rsa1024
        case .rsa2048, .sha1Signed: return .rsa2048
        case .rsa4096: return .rsa4096
        case .p384: return .p384
        case .p521: return .p521
        case .ed25519: return .ed25519
        case .good, .rogue, .expired, .notYetValid, .wrongHost, .selfSigned, .p256, .missingIntermediate:
            return .p256
        }
    }

    /// The OpenSSL verify error a client that trusts the lab root reports for this scenario
    /// (`X509_V_ERR_*` short text as `openssl s_client` prints it), or `nil` when it verifies.
    /// RSA-1024 and SHA-1 leaves pass `openssl verify`: they are ATS failures, not chain failures.
    public var expectedVerifyError: String? {
        switch self {
        case .expired: return "certificate has expired"
        case .notYetValid: return "certificate is not yet valid"
        case .wrongHost: return "hostname mismatch"
        case .selfSigned: return "self-signed certificate"
        case .rogue: return "unable to get local issuer certificate"
        case .missingIntermediate: return "unable to get local issuer certificate"
        case .good, .rsa1024, .sha1Signed, .rsa2048, .rsa4096, .p256, .p384, .p521, .ed25519: return nil
        }
    }
}
