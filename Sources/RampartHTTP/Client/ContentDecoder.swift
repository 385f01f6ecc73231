import CRampartZlib
import NIOConcurrencyHelpers
import NIOCore

/// Decodes a `gzip` or `deflate` response body as its bytes arrive (zlib's `inflate`, streaming),
/// bounded twice: the decoded bytes by ``HTTPLimits/maxResponseBytes`` and the expansion by
/// ``HTTPLimits/maxExpansionRatio``. Inflating stops in the 64 KiB output step that crosses a
/// limit, so a decompression bomb never sits in memory. Both HTTP/1.1 and HTTP/2 bodies pass
/// through it (it sits in the response body stream they share).
///
/// ```swift
/// let decoder = try ContentDecoder(coding: .gzip, maxDecodedBytes: 1 << 20, maxRatio: 100)
/// var decoded = try decoder.decode(compressedSlice)
/// try decoder.finish()
/// ```
final class ContentDecoder: @unchecked Sendable {
    /// The content codings the client decodes (and advertises with `Accept-Encoding`).
    enum Coding: String, Sendable {
        case gzip
        case deflate

        /// The value of `Accept-Encoding` the client sends when asked to decode.
        static let acceptEncoding = "gzip, deflate"

        /// The coding a `Content-Encoding` value names: `nil` for none or `identity`; throws the
        /// unsupported name (`br`, `zstd`, a list of several codings).
        static func from(contentEncoding value: String) throws(UnsupportedCoding) -> Coding? {
            let name = value.filter { $0 != " " && $0 != "\t" }.lowercased()
            switch name {
            case "", "identity": return nil
            case "gzip", "x-gzip": return .gzip
            case "deflate": return .deflate
            default: throw UnsupportedCoding(name: name)
            }
        }
    }

    /// A `Content-Encoding` the client cannot decode.
    struct UnsupportedCoding: Error {
        let name: String
    }

    /// Why decoding stopped; ``HTTPClientError`` words it for the user.
    enum Failure: Error {
        /// More decoded bytes than the body limit.
        case tooLarge(limit: Int)
        /// Decoded bytes more than `ratio` times the encoded bytes read so far.
        case ratio(limit: Int, encoded: Int, decoded: Int)
        /// zlib refused the data (not gzip/deflate, a bad checksum).
        case corrupt(String)
        /// The body ended before the compressed stream did.
        case truncated
        /// Bytes followed the end of the compressed stream.
        case trailingData
    }

    /// The size of one inflate output step; the limits are checked after each step.
    static let step = 64 << 10
    /// Below this many decoded bytes the ratio is not checked (a short text compresses far more
    /// than 100:1 and is no bomb).
    static let ratioFloor = 1 << 20

    let coding: Coding
    private let maxDecodedBytes: Int
    private let maxRatio: Int
    private let lock = NIOLock()
    private var stream = z_stream()
    private var initialized = false
    private var ended = false
    private(set) var encodedBytes = 0
    private(set) var decodedBytes = 0

    init(coding: Coding, maxDecodedBytes: Int, maxRatio: Int) throws(Failure) {
        self.coding = coding
        self.maxDecodedBytes = maxDecodedBytes
        self.maxRatio = maxRatio
        // 15 + 16: a gzip wrapper; 15 + 32: a zlib wrapper (RFC 9110's "deflate") or gzip, detected.
        let windowBits: Int32 = coding == .gzip ? 15 + 16 : 15 + 32
        let status = inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .corrupt("zlib could not start (status \(status))") }
        initialized = true
    }

    deinit {
        if initialized { inflateEnd(&stream) }
    }

    /// Inflates `input`, returning the decoded bytes (possibly none yet).
    func decode(_ input: ByteBuffer) throws(Failure) -> ByteBuffer {
        lock.lock()
        defer { lock.unlock() }
        return try decodeLocked(input)
    }

    private func decodeLocked(_ input: ByteBuffer) throws(Failure) -> ByteBuffer {
        var output = ByteBuffer()
        guard input.readableBytes > 0 else { return output }
        if ended { throw .trailingData }
        encodedBytes += input.readableBytes
        var bytes = Array(input.readableBytesView)
        var chunk = [UInt8](repeating: 0, count: Self.step)
        var failure: Failure?
        bytes.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            defer {
                stream.next_in = nil
                stream.avail_in = 0
            }
            while stream.avail_in > 0 && failure == nil {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { outBuffer -> (Int32, Int) in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    let produced = outBuffer.count - Int(stream.avail_out)
                    stream.next_out = nil
                    stream.avail_out = 0
                    return (status, produced)
                }
                decodedBytes += produced
                if let crossed = limitCrossed(pendingInput: Int(stream.avail_in)) {
                    failure = crossed
                    return
                }
                output.writeBytes(chunk[0..<produced])
                switch status {
                case Z_OK:
                    continue
                case Z_STREAM_END:
                    ended = true
                    if stream.avail_in > 0 { failure = .trailingData }
                    return
                case Z_BUF_ERROR where produced == 0:
                    return
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
                    failure = .corrupt(message)
                    return
                }
            }
        }
        if let failure { throw failure }
        return output
    }

    private func limitCrossed(pendingInput: Int) -> Failure? {
        if decodedBytes > maxDecodedBytes { return .tooLarge(limit: maxDecodedBytes) }
        let consumed = max(encodedBytes - pendingInput, 1)
        if decodedBytes > Self.ratioFloor, decodedBytes / consumed >= maxRatio, decodedBytes > consumed * maxRatio {
            return .ratio(limit: maxRatio, encoded: consumed, decoded: decodedBytes)
        }
        return nil
    }

    /// Checks that the compressed stream ended (a body cut short is an error); an empty body (a
    /// `HEAD` response, a 204 or 304) is no error.
    func finish() throws(Failure) {
        lock.lock()
        defer { lock.unlock() }
        if encodedBytes > 0 && !ended { throw .truncated }
    }
}
