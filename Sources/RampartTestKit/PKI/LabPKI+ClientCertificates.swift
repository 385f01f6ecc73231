import Foundation
import X509

/// Client certificates for mutual TLS: leaves with `clientAuth`, issued straight by a lab root so
/// a server that trusts that root (nginx's `ssl_client_certificate`) accepts them.
extension LabPKI {
    /// Which root signs a client certificate.
    public enum ClientIssuer: Sendable {
        /// The lab root (``LabPKI/root``): the CA a lab server trusts for clients.
        case labRoot
        /// The rogue root (``LabPKI/rogueRoot``): a CA the server does not trust.
        case rogueRoot
    }

    /// A fresh client certificate and key for `name`, valid for 90 days.
    ///
    /// ```swift
    /// let client = try LabPKI.shared().clientIdentity(.p256, name: "lab client")
    /// let keyPEM = try client.privateKeyPEM          // PKCS#8 (EC) or RSA PRIVATE KEY
    /// ```
    public func clientIdentity(
        _ algorithm: LabKeyAlgorithm = .p256, name: String = "Rampart Lab client",
        issuedBy issuer: ClientIssuer = .labRoot
    ) throws -> LabIdentity {
        let day: TimeInterval = 86_400
        return try Self.issue(
            name: name, key: try algorithm.makePrivateKey(), keyAlgorithm: algorithm,
            issuer: issuer == .labRoot ? root : rogueRoot, kind: .client,
            validity: (createdAt - day, createdAt + 90 * day))
    }
}
