import NIOConcurrencyHelpers
import NIOCore

/// Reads the cipher suite out of the server's ServerHello as it passes (it travels in the clear
/// in every TLS version), so the client can report what was negotiated; NIOSSL does not expose
/// it. Bytes are forwarded untouched; the handler removes itself once it has seen the hello.
final class ServerHelloSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private var seen = ByteBuffer()
    private let result: NIOLockedValueBox<UInt16?>

    init(result: NIOLockedValueBox<UInt16?>) {
        self.result = result
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        seen.writeImmutableBuffer(unwrapInboundIn(data))
        let outcome = Self.cipherSuite(in: seen)
        context.fireChannelRead(data)
        switch outcome {
        case .found(let suite):
            result.withLockedValue { $0 = suite }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        case .notHello:
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        case .needMore:
            if seen.readableBytes > 16 << 10 {
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            }
        }
    }

    enum Outcome: Equatable {
        case found(UInt16)
        case notHello
        case needMore
    }

    /// Parses a TLS record header, a handshake header of type ServerHello (2), the legacy version,
    /// the 32-byte random and the session id, then the two-byte cipher suite.
    static func cipherSuite(in buffer: ByteBuffer) -> Outcome {
        let bytes = buffer.readableBytesView
        func byte(_ offset: Int) -> UInt8? {
            offset < bytes.count ? bytes[bytes.startIndex + offset] : nil
        }
        guard let type = byte(0) else { return .needMore }
        guard type == 22 else { return .notHello }
        guard let handshakeType = byte(5) else { return .needMore }
        guard handshakeType == 2 else { return .notHello }
        let sessionIDLengthOffset = 5 + 4 + 2 + 32
        guard let sessionIDLength = byte(sessionIDLengthOffset) else { return .needMore }
        let suiteOffset = sessionIDLengthOffset + 1 + Int(sessionIDLength)
        guard let high = byte(suiteOffset), let low = byte(suiteOffset + 1) else { return .needMore }
        return .found(UInt16(high) << 8 | UInt16(low))
    }
}
