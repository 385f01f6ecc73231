import NIOCore

/// Runs a task's jobs on a NIO event loop, so that a trust decision made inside a handshake
/// stays on the connection's own thread: no hop to Swift's global executor and back, which on a
/// busy machine costs more than the decision itself.
///
/// ```swift
/// Task(executorPreference: EventLoopTaskExecutor(promise.futureResult.eventLoop)) {
///     promise.succeed(try await decide())
/// }
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
package final class EventLoopTaskExecutor: TaskExecutor {
    package let loop: any EventLoop

    package init(_ loop: any EventLoop) {
        self.loop = loop
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loop.execute { job.runSynchronously(on: executor) }
    }
}
