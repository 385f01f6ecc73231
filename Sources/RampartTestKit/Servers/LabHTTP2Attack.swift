/// What a ``LabHostileHTTP2Peer`` does to each request stream the client opens: the HTTP/2 attacks
/// a client must survive with a clear error (RFC 9113 §10.5 and the CVEs of 2019 and 2023–2024).
///
/// ```swift
/// try await LabHostileHTTP2Peer.withPeer(.pingFlood, chain: try LabPKI.shared().chain(.good)) { peer in
///     _ = try await client.get(peer.baseURL + "/")   // fails: too many PING frames
/// }
/// ```
public enum LabHTTP2Attack: Sendable, Hashable, CustomStringConvertible {
    /// Endless empty `SETTINGS` frames (each one the client must acknowledge).
    case settingsFlood
    /// Endless `PING` frames (each one the client must answer).
    case pingFlood
    /// Endless connection-level `WINDOW_UPDATE` frames of one byte each.
    case windowUpdateFlood
    /// Every stream the client opens is reset at once (`RST_STREAM INTERNAL_ERROR`).
    case resetStorm
    /// A `HEADERS` frame without `END_HEADERS`, then endless empty `CONTINUATION` frames.
    case continuationFlood
    /// A response whose header block carries one field of this many bytes, split into
    /// `CONTINUATION` frames of 16 KiB.
    case oversizedHeaderList(bytes: Int)
    /// A header block that raises the HPACK dynamic table to this size, past the
    /// `SETTINGS_HEADER_TABLE_SIZE` the client announced.
    case hpackTableGrowth(size: Int)
    /// Reads the request and never sends a `WINDOW_UPDATE`: an upload stalls once the initial
    /// window (65,535 bytes) is spent. Never answers.
    case neverOpensWindow
    /// A `200` head, then one `DATA` frame of this many bytes, past the client's
    /// `SETTINGS_MAX_FRAME_SIZE` (16,384 unless it raised it).
    case oversizedDataFrame(bytes: Int)
    /// A `200` head without `Content-Length`, then this many body bytes in 16 KiB `DATA` frames,
    /// ignoring flow control, then `END_STREAM`.
    case body(bytes: Int)
    /// A `PUSH_PROMISE` on the request's stream, although the client disabled push.
    case pushPromise
    /// A response `HEADERS` frame whose `:status` is this text (`-100`: once a trap in NIOHTTP1's
    /// status conversion, found by fuzzing).
    case invalidStatus(String)
    /// The first `count` request streams (over all connections) are reset with
    /// `RST_STREAM REFUSED_STREAM` once `afterBodyBytes` bytes of their body arrived, or when the
    /// request ends if it is shorter (RFC 9113 §8.7: not processed, safe to send again); later
    /// streams get a `200` without a body once the request ends. Never sends `WINDOW_UPDATE`, so
    /// at most 65,535 bytes of a body arrive.
    case refusesStreams(count: Int, afterBodyBytes: Int)

    public var description: String {
        switch self {
        case .settingsFlood: return "SETTINGS flood"
        case .pingFlood: return "PING flood"
        case .windowUpdateFlood: return "WINDOW_UPDATE flood"
        case .resetStorm: return "RST_STREAM storm"
        case .continuationFlood: return "CONTINUATION flood"
        case .oversizedHeaderList(let bytes): return "a \(bytes)-byte header field"
        case .hpackTableGrowth(let size): return "an HPACK table of \(size) bytes"
        case .neverOpensWindow: return "no WINDOW_UPDATE"
        case .oversizedDataFrame(let bytes): return "a \(bytes)-byte DATA frame"
        case .body(let bytes): return "a \(bytes)-byte body"
        case .pushPromise: return "PUSH_PROMISE"
        case .invalidStatus(let status): return ":status \(status)"
        case .refusesStreams(let count, let bytes):
            return "REFUSED_STREAM for \(count) streams after \(bytes) body bytes"
        }
    }
}
