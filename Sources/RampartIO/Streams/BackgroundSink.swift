import Dispatch
import Foundation

/// A ``ByteSink`` that hands each write to a thread of its own, so writing to a file or a pipe
/// (kernel time) overlaps the encryption or decryption producing the next bytes. One write is
/// in hand at a time: a `write` waits until the one before it has landed, so memory holds the
/// bytes being written and those being produced, no queue (a second waiting write, tried in issue
/// 30, held half a MiB more while sealing and was no faster). The first failure is thrown by a
/// later `write` or by ``finish()``.
///
/// ```swift
/// let sink = BackgroundSink(FileSink.standardOutput)
/// try sink.write(chunk)
/// try sink.finish()   // waits for every write, throws the first failure
/// ```
package final class BackgroundSink: ByteSink, @unchecked Sendable {
    package typealias Failure = IOError

    private var base: any ByteSink<IOError>
    private let queue = DispatchQueue(label: "rampart.background-sink")
    private let slots = DispatchSemaphore(value: 1)
    private let lock = NSLock()
    private var failure: IOError?

    /// Writes to `base` on a background thread; `base` must not be used elsewhere meanwhile.
    package init(_ base: any ByteSink<IOError>) { self.base = base }

    private var firstFailure: IOError? { lock.withLock { failure } }

    package func write(_ bytes: Data) throws(IOError) {
        if let failure = firstFailure { throw failure }
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard firstFailure == nil else { return }
            do throws(IOError) {
                try base.write(bytes)
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
    }

    /// Waits until every write has reached the underlying sink; throws the first failure.
    package func finish() throws(IOError) {
        queue.sync {}
        if let failure = firstFailure { throw failure }
    }
}
