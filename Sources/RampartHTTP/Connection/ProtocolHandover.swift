import NIOCore
import RampartTrustNIO

/// What happens on a client connection between the end of its TLS handshake and its first request:
/// the handshake's waiter (RampartTrustNIO's ``HandshakeWaiter``), which holds what the server sends
/// behind the handshake, then the handlers of the protocol ALPN selected, installed behind it before
/// it leaves and hands them those bytes. The connection factory and the tests (on an
/// `EmbeddedChannel`) both go through here. Every function runs on the channel's event loop.
package enum ProtocolHandover {
    /// The most the server may send between the end of the handshake and the protocol's handlers
    /// taking over: the header limit and one HTTP/2 frame of the default maximum size (16 KiB and
    /// its 9-byte header). An HTTP/2 server's first flight (SETTINGS, WINDOW_UPDATE) is far below.
    package static func bufferLimit(_ limits: HTTPLimits) -> Int { limits.maxHeaderBytes + 16_384 + 9 }

    /// Adds the waiter that completes `completed` with the protocol the server selected by ALPN
    /// (`nil` for none) when the handshake ends, and holds the server's bytes from then on.
    package static func addWaiter(
        to channel: any Channel, completed: EventLoopPromise<String?>, limits: HTTPLimits = HTTPLimits()
    ) throws {
        try channel.pipeline.syncOperations.addHandler(
            HandshakeWaiter(completed: completed, maxBufferedBytes: bufferLimit(limits)))
    }

    /// Installs HTTP/2's handlers on a channel whose handshake selected `h2`, then removes the
    /// waiter: the frames the server sent already (its SETTINGS) reach NIOHTTP2.
    static func http2(
        on channel: any Channel, key: ConnectionKey, info: HTTPConnectionInfo, limits: HTTPLimits,
        http2: HTTP2Limits, idleLifetime: TimeAmount
    ) throws -> HTTP2Connection {
        let waiter = try checkedWaiter(of: channel)
        // Between TLS and NIOHTTP2: the streams' flushes in one loop turn become one write.
        try channel.pipeline.syncOperations.addHandler(HTTP2FlushCoalescer())
        let connection = try HTTP2Connection.install(
            on: channel, key: key, info: info, limits: limits, http2: http2, idleLifetime: idleLifetime)
        if let waiter { channel.pipeline.syncOperations.removeHandler(waiter, promise: nil) }
        return connection
    }

    /// Installs HTTP/1.1's handlers on a channel whose handshake selected `http/1.1` or nothing (or
    /// on a cleartext one), turns `autoRead` off (the reader reads when a request asks), removes the
    /// waiter, and returns the reader of its responses. An HTTP/1.1 server speaks only when asked:
    /// bytes it sent before any request fail the connection rather than answer the first request.
    package static func http1(on channel: any Channel, limits: HTTPLimits) throws -> ResponseReader {
        let waiter = try checkedWaiter(of: channel)
        if let waiter, waiter.bufferedBytes > 0 {
            throw ConnectionFailure.closed(
                "the server sent \(waiter.bufferedBytes) bytes right after the TLS handshake, before any request")
        }
        let reader = try ResponsePipeline.install(in: channel.pipeline.syncOperations, limits: limits)
        try channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
        if let waiter { channel.pipeline.syncOperations.removeHandler(waiter, promise: nil) }
        return reader
    }

    /// The channel's waiter (`nil` on a cleartext connection, which has none); throws when the
    /// server sent more than the waiter holds.
    private static func checkedWaiter(of channel: any Channel) throws -> HandshakeWaiter? {
        guard let waiter = try? channel.pipeline.syncOperations.handler(type: HandshakeWaiter.self) else { return nil }
        if let failure = waiter.limitExceeded { throw ConnectionFailure.closed(failure.description) }
        return waiter
    }
}
