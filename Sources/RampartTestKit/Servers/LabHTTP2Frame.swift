/// HTTP/2 frames as raw bytes (RFC 9113 §4.1) and the few HPACK encodings (RFC 7541) a hostile lab
/// peer needs: what a well-behaved library refuses to write (floods, oversized frames, pushes the
/// client disabled) has to be written by hand. Lab and tests only: the client itself uses
/// swift-nio-http2 and never frames or encodes by hand.
///
/// ```swift
/// let ping = LabHTTP2Frame.bytes(.ping, stream: 0, payload: [UInt8](repeating: 0, count: 8))
/// let head = LabHTTP2Frame.bytes(.headers, flags: LabHTTP2Frame.endHeaders, stream: 1, payload: [LabHTTP2Frame.status200])
/// ```
public enum LabHTTP2Frame {
    /// A frame type (RFC 9113 §6).
    public enum Kind: UInt8, Sendable {
        case data = 0x0
        case headers = 0x1
        case priority = 0x2
        case rstStream = 0x3
        case settings = 0x4
        case pushPromise = 0x5
        case ping = 0x6
        case goAway = 0x7
        case windowUpdate = 0x8
        case continuation = 0x9
    }

    /// `END_STREAM` (DATA, HEADERS) and `ACK` (SETTINGS, PING): the same bit.
    public static let endStream: UInt8 = 0x1
    /// `ACK` on SETTINGS and PING.
    public static let ack: UInt8 = 0x1
    /// `END_HEADERS` (HEADERS, PUSH_PROMISE, CONTINUATION).
    public static let endHeaders: UInt8 = 0x4
    /// HPACK's static table entry 8, `:status: 200`, as an indexed field.
    public static let status200: UInt8 = 0x88
    /// The client connection preface (RFC 9113 §3.4).
    public static let clientPreface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
    /// The frame header's size.
    public static let headerSize = 9

    /// A frame: 24-bit length, type, flags, 31-bit stream id, then the payload as given (the
    /// length is the payload's, even past the peer's `SETTINGS_MAX_FRAME_SIZE`).
    public static func bytes(_ kind: Kind, flags: UInt8 = 0, stream: UInt32, payload: [UInt8] = []) -> [UInt8] {
        let length = UInt32(payload.count)
        return [UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF), kind.rawValue, flags]
            + word(stream & 0x7FFF_FFFF) + payload
    }

    /// A 32-bit big-endian word (stream ids, error codes, window increments).
    public static func word(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// One SETTINGS parameter: its 16-bit id and 32-bit value.
    public static func setting(_ id: UInt16, _ value: UInt32) -> [UInt8] {
        [UInt8(id >> 8), UInt8(id & 0xFF)] + word(value)
    }

    /// An HPACK integer with an `prefixBits`-bit prefix, the high bits of the first byte set to
    /// `pattern` (RFC 7541 §5.1).
    public static func hpackInteger(_ value: Int, prefixBits: Int, pattern: UInt8 = 0) -> [UInt8] {
        let limit = (1 << prefixBits) - 1
        guard value >= limit else { return [pattern | UInt8(value)] }
        var bytes = [pattern | UInt8(limit)]
        var rest = value - limit
        while rest >= 128 {
            bytes.append(UInt8(rest % 128 + 128))
            rest /= 128
        }
        bytes.append(UInt8(rest))
        return bytes
    }

    /// A header field as an HPACK literal without indexing, with a new name, neither Huffman-coded
    /// (RFC 7541 §6.2.2).
    public static func hpackLiteral(name: String, value: [UInt8]) -> [UInt8] {
        let nameBytes = Array(name.utf8)
        return [0x00] + hpackInteger(nameBytes.count, prefixBits: 7) + nameBytes
            + hpackInteger(value.count, prefixBits: 7) + value
    }

    /// A header field as an HPACK literal with incremental indexing and a new name: the decoder
    /// must add it to its dynamic table (RFC 7541 §6.2.1).
    public static func hpackIndexedLiteral(name: String, value: [UInt8]) -> [UInt8] {
        let nameBytes = Array(name.utf8)
        return [0x40] + hpackInteger(nameBytes.count, prefixBits: 7) + nameBytes
            + hpackInteger(value.count, prefixBits: 7) + value
    }

    /// An HPACK dynamic table size update (RFC 7541 §6.3).
    public static func hpackTableSizeUpdate(_ size: Int) -> [UInt8] {
        hpackInteger(size, prefixBits: 5, pattern: 0x20)
    }
}
