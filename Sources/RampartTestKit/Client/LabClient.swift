import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import X509

/// A minimal HTTPS client for the lab: it trusts exactly the roots it is given, verifies the
/// chain and the host name with BoringSSL, sends one `GET`, and reports what happened.
///
/// It exists so the lab can prove itself (and the demo can narrate a handshake) before
/// Rampart's own client is in play; it applies no ATS policy and no pins.
///
/// ```swift
/// let pki = try LabPKI.shared()
/// let exchange = try await LabClient.get(host: "127.0.0.1", port: port, serverName: "localhost",
///                                        trusting: [pki.root.certificate])
/// print(exchange.tlsVersion, exchange.status)
/// ```
public enum LabClient {
    /// What one verified exchange produced.
    public struct Exchange: Sendable {
        /// The negotiated TLS version, as NIOSSL names it.
        public var tlsVersion: TLSVersion?
        /// The subject of the certificate the server presented.
        public var peerSubject: String?
        /// The HTTP status.
        public var status: Int
        /// The response body.
        public var body: [UInt8]
    }

    /// Connects to `host:port`, verifies the server as `serverName` against `trusting`, and fetches `path`.
    ///
    /// - Throws: NIOSSL's handshake error when the chain or the name does not verify.
    ///
    /// - Parameters:
    ///   - host: the address to connect to (`127.0.0.1`, `localhost`).
    ///   - port: the server's port.
    ///   - serverName: the name sent as SNI and checked against the certificate.
    ///   - path: the request's path.
    ///   - roots: the trust anchors BoringSSL verifies the chain against.
    ///   - verification: makes a custom verification callback (for example Rampart's
    ///     trust decision) that replaces BoringSSL's; `roots` are then not consulted.
    public static func get(
        host: String, port: Int, serverName: String, path: String = "/", trusting roots: [Certificate],
        verification: (@Sendable () -> NIOSSLCustomVerificationCallbackWithMetadata)? = nil
    ) async throws -> Exchange {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        tls.trustRoots = .certificates(
            try roots.map { try NIOSSLCertificate(bytes: Array($0.serializeAsPEM().pemString.utf8), format: .pem) })
        let context = try NIOSSLContext(configuration: tls)
        let recorder = HandshakeRecorder()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if let verification {
                        try sync.addHandler(
                            try NIOSSLClientHandler(
                                context: context, serverHostname: serverName,
                                customVerificationCallbackWithMetadata: verification()))
                    } else {
                        try sync.addHandler(try NIOSSLClientHandler(context: context, serverHostname: serverName))
                    }
                    try sync.addHandler(recorder)
                    try sync.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: serverName)
            headers.add(name: "Connection", value: "close")
            // The server answers and closes as soon as it has the request, which can race the
            // end of our own write; a failed write only counts when no response came back.
            var writeError: (any Error)?
            do {
                try await outbound.write(
                    .head(HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)))
                try await outbound.write(.end(nil))
            } catch {
                writeError = error
            }
            var status = 0
            var body: [UInt8] = []
            for try await part in inbound {
                switch part {
                case .head(let head): status = Int(head.status.code)
                case .body(let buffer): body += buffer.readableBytesView
                case .end: break
                }
            }
            if status == 0, let writeError { throw writeError }
            let session = recorder.session
            return Exchange(tlsVersion: session.version, peerSubject: session.peerSubject, status: status, body: body)
        }
    }

    /// A one-line, human explanation of why an exchange failed.
    ///
    /// ```swift
    /// do { _ = try await LabClient.get(…) } catch { print(LabClient.explain(error)) }
    /// ```
    public static func explain(_ error: any Error) -> String {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "the certificate does not name the host (host-name verification failed)"
        }
        if case NIOSSLError.handshakeFailed(.sslError(let errors)) = error,
            errors.contains(where: { "\($0)".contains("CERTIFICATE_VERIFY_FAILED") })
        {
            return "the chain does not verify against the trusted roots (certificate verify failed)"
        }
        return "\(error)"
    }
}
