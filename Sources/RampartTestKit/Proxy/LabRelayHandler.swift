import NIOCore

/// One half of a relay between two channels on the same event loop: what one channel reads, the
/// other writes. Reads stop while the other side cannot take more (back-pressure), and when one
/// side closes, the other is flushed and closed.
///
/// ```swift
/// let (client, upstream) = LabRelayHandler.matchedPair(recorder: nil)
/// try clientChannel.pipeline.syncOperations.addHandler(client)
/// try upstreamChannel.pipeline.syncOperations.addHandler(upstream)
/// ```
final class LabRelayHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var partner: LabRelayHandler?
    private var context: ChannelHandlerContext?
    private var pendingRead = false
    /// Called with every byte this side reads (the interception record), if set.
    private let recorder: (@Sendable ([UInt8]) -> Void)?

    private init(recorder: (@Sendable ([UInt8]) -> Void)?) {
        self.recorder = recorder
    }

    /// Two handlers that relay to each other; `recorder` sees what the first one reads.
    static func matchedPair(
        recorder: (@Sendable ([UInt8]) -> Void)?
    ) -> (first: LabRelayHandler, second: LabRelayHandler) {
        let first = LabRelayHandler(recorder: recorder)
        let second = LabRelayHandler(recorder: nil)
        first.partner = second
        second.partner = first
        return (first, second)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if !context.channel.isActive { partner?.partnerClose() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        recorder?(Array(bytes.readableBytesView))
        partner?.partnerWrite(bytes)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        partner?.partnerFlush()
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner?.partnerClose()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { partner?.partnerBecameWritable() }
        context.fireChannelWritabilityChanged()
    }

    func read(context: ChannelHandlerContext) {
        if partner?.isWritable ?? true {
            context.read()
        } else {
            pendingRead = true
        }
    }

    private var isWritable: Bool { context?.channel.isWritable ?? true }

    private func partnerWrite(_ bytes: ByteBuffer) {
        context?.write(wrapOutboundOut(bytes), promise: nil)
    }

    private func partnerFlush() {
        context?.flush()
    }

    private func partnerBecameWritable() {
        guard pendingRead, let context else { return }
        pendingRead = false
        context.read()
    }

    /// Closes this side once everything written to it so far has gone out.
    private func partnerClose() {
        guard let context else { return }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(ByteBuffer())).whenComplete { _ in channel.close(promise: nil) }
    }
}
