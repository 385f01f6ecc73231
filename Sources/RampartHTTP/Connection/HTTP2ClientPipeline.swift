import NIOCore
import NIOHTTP1
import NIOHTTP2
import RampartPolicy

/// The client's HTTP/2 connection on any channel, without a socket or TLS: what the
/// `h2-client-frames` fuzz target drives on an `EmbeddedChannel`. The same NIOHTTP2 handler,
/// settings, limits, monitor and request streams as ``HTTP2Connection/install(on:key:info:limits:http2:idleLifetime:)``
/// gives a real connection, and the same error classification.
///
/// ```swift
/// let pipeline = try HTTP2ClientPipeline.install(on: channel)
/// let stream = try pipeline.openStream(path: "/").wait()   // after the embedded loop ran
/// ```
package struct HTTP2ClientPipeline: Sendable {
    let connection: HTTP2Connection

    /// Installs the client's HTTP/2 handlers on `channel` (call on its event loop, before it is active).
    package static func install(
        on channel: any Channel, limits: HTTPLimits = HTTPLimits(), http2: HTTP2Limits = HTTP2Limits()
    ) throws -> HTTP2ClientPipeline {
        let (key, info) = try Self.connection()
        let connection = try HTTP2Connection.install(
            on: channel, key: key, info: info, limits: limits, http2: http2, idleLifetime: .seconds(60))
        return HTTP2ClientPipeline(connection: connection)
    }

    /// The TLS handshake's waiter of a real connection on `channel` (call on its event loop): the
    /// future completes with the protocol ALPN selected when a `TLSUserEvent.handshakeCompleted`
    /// passes. Then ``installAfterHandshake(on:limits:http2:)`` takes the channel over as the
    /// connection factory does.
    package static func awaitHandshake(on channel: any Channel, limits: HTTPLimits = HTTPLimits()) throws
        -> EventLoopFuture<String?>
    {
        let handshake = channel.eventLoop.makePromise(of: String?.self)
        try ProtocolHandover.addWaiter(to: channel, completed: handshake, limits: limits)
        return handshake.futureResult
    }

    /// Installs the client's HTTP/2 handlers on `channel` as the connection factory does once the
    /// handshake of ``awaitHandshake(on:limits:)`` selected `h2` (call on its event loop).
    package static func installAfterHandshake(
        on channel: any Channel, limits: HTTPLimits = HTTPLimits(), http2: HTTP2Limits = HTTP2Limits()
    ) throws -> HTTP2ClientPipeline {
        let (key, info) = try Self.connection()
        let connection = try ProtocolHandover.http2(
            on: channel, key: key, info: info, limits: limits, http2: http2, idleLifetime: .seconds(60))
        return HTTP2ClientPipeline(connection: connection)
    }

    private static func connection() throws -> (ConnectionKey, HTTPConnectionInfo) {
        let endpoint = try Endpoint(host: "localhost", port: 443)
        let key = ConnectionKey(
            scheme: "https", endpoint: endpoint, proxy: nil, tls: TLSPolicyKey(ATSRequirements.defaults))
        let info = HTTPConnectionInfo(
            endpoint: endpoint, remoteAddress: "-", proxy: nil, tlsVersion: "TLSv1.3", cipherSuite: nil, trust: nil,
            reused: false, negotiatedProtocol: "h2")
        return (key, info)
    }

    /// Opens a request stream and sends a `GET` of `path` on it (head and end).
    package func openStream(path: String) -> EventLoopFuture<any Channel> {
        let channel = connection.channel
        guard let streams = connection.streams else {
            return channel.eventLoop.makeFailedFuture(ConnectionFailure.closed("no multiplexer"))
        }
        return HTTP2Connection.makeStream(on: streams, of: connection).flatMap { stream in
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: "localhost")
            stream.write(
                HTTPClientRequestPart.head(
                    HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)),
                promise: nil)
            return stream.writeAndFlush(HTTPClientRequestPart.end(nil)).map { stream }
        }
    }

    /// The ``ResponseReader`` of a stream opened by ``openStream(path:)`` (on its event loop).
    package static func reader(of stream: any Channel) throws -> ResponseReader {
        try stream.pipeline.syncOperations.handler(type: ResponseReader.self)
    }

    /// What a request on this connection would see for `error` in `phase`: an ``HTTPClientError``,
    /// or a request the server did not process (`nil`: the client retries it).
    package func clientError(for error: any Error, phase: HTTPPhase) -> HTTPClientError? {
        switch connection.classify(error, phase: phase) {
        case let error as HTTPClientError: return error
        case is HTTP2Unprocessed: return nil
        case let other: return .http2Failure(connection.key.endpoint, phase: phase, detail: "untyped: \(other)")
        }
    }

    /// Why the connection failed, in words, if it did.
    package var failure: String? { connection.failure }
}
