import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import X509

/// The TLS contexts an intercepting proxy uses: one to face clients, one to reach targets.
struct LabProxyTLS: Sendable {
    var facingClients: NIOSSLContext?
    var facingTargets: NIOSSLContext?

    init(mode: LabProxyMode) throws {
        guard case .intercept(let chain, let roots) = mode else { return }
        let certificates = try chain.served.map { certificate in
            try NIOSSLCertificate(bytes: Array(certificate.serializeAsPEM().pemString.utf8), format: .pem)
        }
        let key = try NIOSSLPrivateKey(bytes: Array(chain.leaf.privateKeyPEM.utf8), format: .pem)
        facingClients = try NIOSSLContext(
            configuration: TLSConfiguration.makeServerConfiguration(
                certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(key)))
        var client = TLSConfiguration.makeClientConfiguration()
        client.certificateVerification = .fullVerification
        client.trustRoots = .certificates(
            try roots.map { try NIOSSLCertificate(bytes: Array($0.serializeAsPEM().pemString.utf8), format: .pem) })
        facingTargets = try NIOSSLContext(configuration: client)
    }
}
