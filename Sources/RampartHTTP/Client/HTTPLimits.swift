/// Bounds on what the client reads and follows, so that a hostile or broken server cannot make it
/// hold unbounded memory or loop.
///
/// ```swift
/// var limits = HTTPLimits()
/// limits.maxResponseBytes = 1 << 20   // 1 MiB
/// limits.maxRedirects = 3
/// ```
public struct HTTPLimits: Sendable, Hashable {
    /// The most body bytes one response may carry (declared or streamed). Default 100 MiB.
    public var maxResponseBytes: Int = 100 << 20
    /// The most bytes of all response header names and values together. Default 64 KiB.
    public var maxHeaderBytes: Int = 64 << 10
    /// The most bytes a request body of unknown length (chunked: a pipe, a device, a stream with
    /// no declared length) may send; past it the request fails. Default 100 MiB.
    public var maxStreamedRequestBytes: Int = 100 << 20
    /// The most a `gzip`/`deflate` body may expand: decoded bytes past this many times the encoded
    /// bytes (once past 1 MiB decoded) end the read as a decompression bomb. Default 100.
    /// ``maxResponseBytes`` bounds the decoded bytes too.
    public var maxExpansionRatio: Int = 100
    /// The most header fields in one response. Default 100.
    public var maxHeaderCount: Int = 100
    /// The most redirects followed for one request. Default 10.
    public var maxRedirects: Int = 10
    /// The most idle kept-alive connections kept per origin. Default 8.
    public var maxIdleConnectionsPerOrigin: Int = 8
    /// How long an idle connection is kept. Default 60 s.
    public var idleConnectionLifetime: Duration = .seconds(60)

    public init() {}
}
