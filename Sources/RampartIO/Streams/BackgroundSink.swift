import Dispatch
import Foundation

/// A ``ByteSink`` that hands each write to a thread of its own, so writing to a file or a pipe
/// (kernel time) overlaps the encryption or decryption producing the next bytes. At most two
/// writes wait at once, so memory stays bounded; the first failure is thrown by a later `write`
/// or by ``finish()``.
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
    private let slots = DispatchSemaphore(value: 2)
    private let lock = NSLock()
    private var failure: IOError?

    /// Writes to `base` on a background thread; `base` must not be used elsewhere meanwhile.
    package init(_ base: any ByteSink<IOError>) { self.base = base }

    private var firstFailure: IOError? { lock.withLock { failure } }

    package func write(_ bytes: Data) throws(IOError) {
        try write(contentsOf: [bytes])
    }

    /// Hands the parts over as one write: the base sink writes them together (`writev(2)` for a
    /// file), and they count as one of the two writes that may wait.
    package func write(contentsOf parts: [Data]) throws(IOError) {
        if let failure = firstFailure { throw failure }
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard firstFailure == nil else { return }
            do throws(IOError) {
                try base.write(contentsOf: parts)
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
