import Foundation

/// Runs blocking work (waiting for a peer process, draining its pipes) on a thread of its own.
///
/// Never on the dispatch global queues: on Linux they are the threads Swift's tasks run on too, one
/// per core, and a handful of blocked ones stalls every test for as long as they stay blocked (a
/// 300 KB upload timed out after two minutes that way). A thread costs little next to a process.
///
/// ```swift
/// let status = await DedicatedThread.run("wait for nginx") { process.waitUntilExit(); return process.terminationStatus }
/// DedicatedThread.start("drain stdout", in: group) { drain(pipe) }
/// ```
public enum DedicatedThread {
    /// Starts `work` on a new thread; `group`, when given, is entered now and left when `work` ends.
    public static func start(_ name: String, in group: DispatchGroup? = nil, _ work: @escaping @Sendable () -> Void) {
        group?.enter()
        let thread = Thread {
            work()
            group?.leave()
        }
        thread.name = name
        thread.start()
    }

    /// Runs `work` on a new thread and returns its result to the awaiting task.
    public static func run<Value: Sendable>(_ name: String, _ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            start(name) { continuation.resume(returning: work()) }
        }
    }
}
