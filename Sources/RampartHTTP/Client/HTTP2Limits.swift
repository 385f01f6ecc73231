import NIOCore
import NIOHTTP2

/// Bounds on an HTTP/2 connection, so that a hostile or broken server cannot make the client hold
/// unbounded memory or spin: each is a setting sent to the server or a limit the connection
/// enforces, and a server that goes past one fails the connection with
/// ``HTTPClientError/http2Failure(_:phase:detail:)`` naming it.
///
/// The header list a response may carry is ``HTTPLimits/maxHeaderBytes`` (sent as
/// `SETTINGS_MAX_HEADER_LIST_SIZE`); server push is always off (`SETTINGS_ENABLE_PUSH = 0`, and a
/// `PUSH_PROMISE` is a protocol error).
///
/// ```swift
/// var configuration = HTTPClientConfiguration()
/// configuration.http2.maxConcurrentStreams = 20
/// configuration.http2.streamWindowSize = 1 << 20
/// ```
public struct HTTP2Limits: Sendable, Hashable {
    /// The most streams (requests) open at once on one connection; requests beyond it, or beyond
    /// the server's `SETTINGS_MAX_CONCURRENT_STREAMS`, wait for a stream to end. Default 100.
    public var maxConcurrentStreams: Int = 100
    /// `SETTINGS_HEADER_TABLE_SIZE`: the HPACK dynamic table the server may make the client keep,
    /// in bytes. Default 4096 (the protocol's default).
    public var headerTableSize: Int = 4096
    /// `SETTINGS_INITIAL_WINDOW_SIZE`: the body bytes the server may send on one stream before the
    /// client has read them (the flow-control window). Default 256 KiB.
    public var streamWindowSize: Int = 256 << 10
    /// The connection's flow-control window (all streams together). Default 1 MiB.
    public var connectionWindowSize: Int = 1 << 20
    /// Control frames (SETTINGS and PING acknowledgements) queued while the server does not read:
    /// past it the connection fails. Default 1000.
    public var maxBufferedControlFrames: Int = 1000
    /// `CONTINUATION` frames in a row in one header block. Default 5.
    public var maxSequentialContinuationFrames: Int = 5
    /// `DATA` frames in a row carrying no bytes (a way to spin a peer). Default 1.
    public var maxSequentialEmptyDataFrames: Int = 1
    /// Recently reset streams remembered, so late frames for them are ignored. Default 32.
    public var maxRecentlyResetStreams: Int = 32
    /// `RST_STREAM` frames the server may send within ``resetFrameWindow``. Default 200.
    public var maxResetFrames: Int = 200
    /// The window ``maxResetFrames`` and ``maxControlFrames`` count in. Default 30 s.
    public var resetFrameWindow: Duration = .seconds(30)
    /// `PING`, `SETTINGS` and `PRIORITY` frames the server may send within ``resetFrameWindow``.
    /// Default 200.
    public var maxControlFrames: Int = 200
    /// Suspicious events (frames for closed streams, resets…) tolerated on one connection.
    /// Default 200.
    public var maxConnectionGlitches: Int = 200
    /// `WINDOW_UPDATE` frames the server may send beyond what the client's own sending explains
    /// (a server opens its window as it reads: at most one update per request and two per `DATA`
    /// frame the client sent, one for the stream and one for the connection). An endless stream
    /// of updates past it fails the connection. Default 1000.
    public var maxWindowUpdateFrames: Int = 1000
    /// How many times a request the server did not process (it went away with `GOAWAY` before
    /// the request's stream, or refused the stream) is sent again on a new connection; only
    /// idempotent requests are, unless the stream was refused. Default 8.
    public var maxUnprocessedRetries: Int = 8

    public init() {}

    /// The settings sent in the connection preface.
    func settings(maxHeaderListSize: Int) -> HTTP2Settings {
        [
            HTTP2Setting(parameter: .enablePush, value: 0),
            HTTP2Setting(parameter: .maxConcurrentStreams, value: 0),
            HTTP2Setting(parameter: .headerTableSize, value: Self.clamp(headerTableSize)),
            HTTP2Setting(parameter: .initialWindowSize, value: Self.clamp(streamWindowSize, to: (1 << 31) - 1)),
            HTTP2Setting(parameter: .maxHeaderListSize, value: Self.clamp(maxHeaderListSize)),
        ]
    }

    /// NIOHTTP2's configuration for a client connection under these limits.
    func configuration(maxHeaderListSize: Int) -> NIOHTTP2Handler.Configuration {
        var connection = NIOHTTP2Handler.ConnectionConfiguration()
        connection.initialSettings = settings(maxHeaderListSize: maxHeaderListSize)
        connection.maximumBufferedControlFrames = max(1, maxBufferedControlFrames)
        connection.maximumSequentialContinuationFrames = max(0, maxSequentialContinuationFrames)
        connection.maximumSequentialEmptyDataFrames = max(0, maxSequentialEmptyDataFrames)
        connection.maximumRecentlyResetStreams = max(0, maxRecentlyResetStreams)
        connection.maximumConnectionGlitches = max(1, maxConnectionGlitches)
        connection.targetWindowSize = Self.window(connectionWindowSize)
        connection.controlFrameRateLimit.maximumCount = max(1, maxControlFrames)
        connection.controlFrameRateLimit.windowLength = TimeAmount(resetFrameWindow)
        var stream = NIOHTTP2Handler.StreamConfiguration()
        stream.targetWindowSize = Self.window(streamWindowSize)
        stream.streamResetFrameRateLimit.maximumCount = max(1, maxResetFrames)
        stream.streamResetFrameRateLimit.windowLength = TimeAmount(resetFrameWindow)
        return NIOHTTP2Handler.Configuration(connection: connection, stream: stream)
    }

    private static func clamp(_ value: Int, to limit: Int = Int(UInt32.max)) -> Int {
        min(max(value, 0), limit)
    }

    /// A flow-control window: 1 byte … 2^31 − 1 bytes.
    private static func window(_ value: Int) -> Int { min(max(value, 1), (1 << 31) - 1) }
}
