import NIOCore
import NIOHTTP2

/// Stands before NIOHTTP2's HTTP/1 client codec on a request stream and refuses a response `HEADERS`
/// frame whose `:status` is not a three-digit status code (RFC 9113 §8.3.2, RFC 9110 §15).
///
/// The codec turns any integer into a status, and a negative one (`:status: -100`) traps the
/// process: a hostile server could end the client with one frame. Found by the `h2-client-frames`
/// fuzz target. The frame is dropped and the stream fails with NIOHTTP2's `InvalidStatusValue`,
/// which ``HTTP2Connection`` words with the request's phase; trailers (no `:status`) pass.
///
/// Confined to the stream's event loop (the connection's).
final class HTTP2ResponseStatusGuard: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias InboundOut = HTTP2Frame.FramePayload

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .headers(let headers) = unwrapInboundIn(data),
            let invalid = headers.headers[":status"].first(where: { !Self.isStatusCode($0) })
        {
            context.fireErrorCaught(NIOHTTP2Errors.invalidStatusValue(invalid))
            return
        }
        context.fireChannelRead(data)
    }

    /// Three ASCII digits, the first 1 to 9: `200`, `404`, `999`; not `-100`, `+200`, `0200`, `20`.
    static func isStatusCode(_ value: String) -> Bool {
        let digits = Array(value.utf8)
        return digits.count == 3 && (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(digits[0])
            && digits.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
