import NIOCore

/// Sits between TLS and NIOHTTP2's handler on an HTTP/2 connection and turns the flushes asked for
/// in one turn of the event loop into one, made once the tasks already queued on the loop have
/// run.
///
/// Every request stream flushes its `HEADERS` on its own, so a hundred requests started together
/// were a hundred TLS writes and a hundred system calls where one write carries them all (the
/// largest cost of the connection's thread in `ClientRequests`' `h2 100` benchmark). Nothing is
/// held longer than the loop's current queue; a close writes what is pending first. Writes pass
/// through untouched: flow control, ordering and write promises are NIO's and NIOHTTP2's as
/// before (a promise completes when its bytes reach the socket).
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(HTTP2FlushCoalescer())   // before NIOHTTP2's handler
/// ```
///
/// Confined to the channel's event loop.
final class HTTP2FlushCoalescer: ChannelOutboundHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// A flush was asked for and has not been passed on yet.
    private var pending = false

    init() {}

    func flush(context: ChannelHandlerContext) {
        guard !pending else { return }
        pending = true
        context.eventLoop.assumeIsolated().execute { [self] in
            flushPending(context: context)
        }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        flushPending(context: context)
        context.close(mode: mode, promise: promise)
    }

    private func flushPending(context: ChannelHandlerContext) {
        guard pending else { return }
        pending = false
        context.flush()
    }
}
