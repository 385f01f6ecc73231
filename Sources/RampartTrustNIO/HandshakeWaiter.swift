import NIOCore
import NIOTLS

/// Waits for the end of a TLS handshake and holds every byte the server sends behind it until the
/// protocol's handlers are in place, as NIO's `ApplicationProtocolNegotiationHandler` does.
///
/// Add it right after the TLS handler (`TrustVerificationCallback.makeClientHandler(context:)`).
/// When the handshake completes (`TLSUserEvent.handshakeCompleted`), `completed` succeeds with the
/// protocol the server selected by ALPN (`nil` for none); an error, a close or the handler's removal
/// before then fails it. From the start, every read is held, not passed on: a TLS 1.2 server's
/// first bytes (nginx's HTTP/2 `SETTINGS`) arrive in the same read as the handshake's last record,
/// before the caller could install the protocol's handlers, and would otherwise reach the end of
/// the pipeline and be dropped. Install the handlers after this one, then remove it: on removal it
/// hands them every held read, in order, and one read-complete, then leaves the pipeline.
///
/// At most `maxBufferedBytes` are held: a server that sends more before the handover fails the
/// connection (``Failure/bufferLimitExceeded(limit:)`` fired as an error, then the channel closes).
///
/// ```swift
/// let handshake = channel.eventLoop.makePromise(of: String?.self)
/// try channel.pipeline.syncOperations.addHandler(trust.makeClientHandler(context: context))
/// try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(completed: handshake), name: "handshake")
/// let negotiated = try await handshake.futureResult.get()   // "h2", "http/1.1" or nil
/// try await channel.eventLoop.submit {
///     let pipeline = channel.pipeline.syncOperations
///     try pipeline.configureHTTP2Pipeline(mode: .client) { $0.eventLoop.makeSucceededVoidFuture() }
///     pipeline.removeHandler(name: "handshake", promise: nil)   // the held frames reach NIOHTTP2
/// }.get()
/// ```
///
/// Confined to its channel's event loop, like every channel handler.
public final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer

    /// Why the handshake's promise failed, or why the connection was closed while reads were held.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The connection closed before the handshake completed.
        case closedDuringHandshake
        /// The waiter left the pipeline before the handshake completed.
        case removedBeforeHandshake
        /// The server sent more than `limit` bytes before the protocol's handlers took over.
        case bufferLimitExceeded(limit: Int)

        public var description: String {
            switch self {
            case .closedDuringHandshake:
                return "the server closed the connection during the TLS handshake"
            case .removedBeforeHandshake:
                return "the connection was torn down before the TLS handshake completed"
            case .bufferLimitExceeded(let limit):
                return "the server sent more than \(limit) bytes right after the TLS handshake, before any request"
            }
        }
    }

    private let completed: EventLoopPromise<String?>
    private let maxBufferedBytes: Int
    private var done = false
    private var held = CircularBuffer<ByteBuffer>()
    private var heldBytes = 0
    private var readCompletePending = false
    private var overflowed = false

    /// A waiter that completes `completed` with the handshake's outcome and holds at most
    /// `maxBufferedBytes` of the server's bytes until it is removed.
    public init(completed: EventLoopPromise<String?>, maxBufferedBytes: Int = 64 << 10) {
        self.completed = completed
        self.maxBufferedBytes = max(0, maxBufferedBytes)
    }

    /// The bytes held now, waiting for the protocol's handlers.
    public var bufferedBytes: Int { heldBytes }

    /// ``Failure/bufferLimitExceeded(limit:)`` once the server sent more than the waiter holds (the
    /// channel is then closing), else `nil`.
    public var limitExceeded: Failure? { overflowed ? .bufferLimitExceeded(limit: maxBufferedBytes) : nil }

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted(let negotiated) = event {
            finish(.success(negotiated))
        }
        context.fireUserInboundEventTriggered(event)
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !overflowed else { return }
        let bytes = unwrapInboundIn(data)
        guard heldBytes + bytes.readableBytes <= maxBufferedBytes else {
            overflowed = true
            held.removeAll()
            heldBytes = 0
            let failure = Failure.bufferLimitExceeded(limit: maxBufferedBytes)
            finish(.failure(failure))
            context.fireErrorCaught(failure)
            context.close(promise: nil)
            return
        }
        heldBytes += bytes.readableBytes
        held.append(bytes)
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        readCompletePending = true
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(error))
        context.fireErrorCaught(error)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        finish(.failure(Failure.closedDuringHandshake))
        context.fireChannelInactive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        finish(.failure(Failure.removedBeforeHandshake))
        held.removeAll()
        heldBytes = 0
    }

    /// Hands every held read to the handlers after this one, in order (reads that arrive while it
    /// does are queued behind them), then one read-complete, then leaves the pipeline.
    public func removeHandler(context: ChannelHandlerContext, removalToken: ChannelHandlerContext.RemovalToken) {
        let anyHeld = !held.isEmpty
        while let bytes = held.popFirst() {
            heldBytes -= bytes.readableBytes
            context.fireChannelRead(wrapInboundOut(bytes))
        }
        if anyHeld || readCompletePending {
            readCompletePending = false
            context.fireChannelReadComplete()
        }
        context.leavePipeline(removalToken: removalToken)
    }

    private func finish(_ result: Result<String?, any Error>) {
        guard !done else { return }
        done = true
        completed.completeWith(result)
    }
}

@available(*, unavailable)
extension HandshakeWaiter: Sendable {}
