import NIOCore

extension EventLoopFuture where Value: Sendable {
    /// The future's value, awaited; without suspending the task when the caller runs on the
    /// future's event loop and the future is already complete (a stream NIOHTTP2 created on the
    /// spot, say), which spares the task a trip through the loop's queue.
    ///
    /// ```swift
    /// let stream = try await multiplexer.createStreamChannel(initializer).settled()
    /// ```
    func settled() async throws -> Value {
        if eventLoop.inEventLoop {
            // On the loop, `whenComplete` runs its callback at once when the value is there.
            let result = NIOLoopBoundBox<Result<Value, any Error>?>(nil, eventLoop: eventLoop)
            whenComplete { result.value = $0 }
            if let result = result.value { return try result.get() }
        }
        return try await get()
    }
}
