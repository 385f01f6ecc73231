import Dispatch

/// Computes `work(0..<count)` on all cores and returns the results in index order.
///
/// Each index writes only its own slot, so no two threads touch the same memory.
///
/// ```swift
/// let squares = ParallelMap.run(4) { $0 * $0 }   // [0, 1, 4, 9]
/// ```
package enum ParallelMap {
    private struct Slots<Value>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Value?>
    }

    package static func run<Value>(_ count: Int, _ work: @Sendable (Int) -> Value?) -> [Value?] {
        guard count > 1 else { return count == 1 ? [work(0)] : [] }
        let storage = UnsafeMutablePointer<Value?>.allocate(capacity: count)
        storage.initialize(repeating: nil, count: count)
        defer {
            storage.deinitialize(count: count)
            storage.deallocate()
        }
        let slots = Slots(base: storage)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.base[index] = work(index)
        }
        return Array(UnsafeBufferPointer(start: storage, count: count))
    }
}
