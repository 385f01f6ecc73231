import NIOCore
import NIOHTTP1

/// The last handler of a client connection: it holds decoded response parts until the request's
/// task asks for them, and reads from the socket only when asked (the channel runs with
/// `autoRead` off), so a slow consumer pushes back on the server instead of filling memory.
///
/// Confined to the channel's event loop.
package final class ResponseReader: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPClientResponsePart

    private var buffered = CircularBuffer<HTTPClientResponsePart>()
    private var waiter: (promise: EventLoopPromise<HTTPClientResponsePart>, timer: Scheduled<Void>?)?
    private var failure: (any Error)?
    private var context: ChannelHandlerContext?
    /// Kept alive between requests: any byte the server sends now is a protocol error.
    private var idle = false
    package private(set) var isClosed = false

    package init() {}

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After a failure (a response head the codec refused, say), parts still in flight before the close are
        // no response: the request sees the failure, not a body without a head.
        guard failure == nil else { return }
        let part = unwrapInboundIn(data)
        if idle {
            fail(ConnectionFailure.closed("unexpected data on an idle connection"))
            context.close(promise: nil)
            return
        }
        if let waiter {
            self.waiter = nil
            waiter.timer?.cancel()
            waiter.promise.succeed(part)
        } else {
            buffered.append(part)
        }
    }

    package func channelReadComplete(context: ChannelHandlerContext) {
        // The bytes read may not have completed a part (a TLS record, a header line): read on.
        if waiter != nil && buffered.isEmpty { context.read() }
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error)
        context.close(promise: nil)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        isClosed = true
        fail(ConnectionFailure.closed("the server closed the connection"))
        context.fireChannelInactive()
    }

    /// The next response part; fails with `timeoutError` and closes the connection when none
    /// arrives within `timeout`.
    func next(on loop: any EventLoop, timeout: TimeAmount, timeoutError: @escaping @Sendable () -> any Error)
        -> EventLoopFuture<HTTPClientResponsePart>
    {
        idle = false
        if let part = buffered.popFirst() { return loop.makeSucceededFuture(part) }
        if let failure { return loop.makeFailedFuture(failure) }
        guard let context else { return loop.makeFailedFuture(ConnectionFailure.closed("the connection is gone")) }
        let promise = context.eventLoop.makePromise(of: HTTPClientResponsePart.self)
        // The timer runs on this loop: the handler and its context travel to it loop-bound.
        let bound = NIOLoopBound((reader: self, context: context), eventLoop: context.eventLoop)
        let timer = context.eventLoop.scheduleTask(in: timeout) {
            bound.value.reader.fail(timeoutError())
            bound.value.context.close(promise: nil)
        }
        waiter = (promise, timer)
        context.read()
        return promise.futureResult
    }

    /// Parks the connection in the pool: reading on, so a close by the server is noticed.
    package func becomeIdle() {
        guard let context, failure == nil, buffered.isEmpty else { return }
        idle = true
        context.read()
    }

    /// Takes a parked connection out of the pool for a request; `false` when it is no longer usable.
    func claim() -> Bool {
        guard isReusable, context?.channel.isActive == true else { return false }
        idle = false
        return true
    }

    /// Every part already decoded, handed over at once.
    package func takeBuffered() -> [HTTPClientResponsePart] {
        defer { buffered.removeAll() }
        return Array(buffered)
    }

    /// The failure that ended the exchange, if one did.
    package var error: (any Error)? { failure }

    /// Whether the connection can carry another request.
    package var isReusable: Bool { !isClosed && failure == nil && buffered.isEmpty && waiter == nil }

    private func fail(_ error: any Error) {
        if failure == nil { failure = error }
        if let waiter {
            self.waiter = nil
            waiter.timer?.cancel()
            waiter.promise.fail(failure ?? error)
        }
    }
}

/// A failure on an established connection, before it is translated into ``HTTPClientError``.
enum ConnectionFailure: Error {
    case closed(String)
}
