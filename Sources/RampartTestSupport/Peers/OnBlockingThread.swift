import Dispatch

/// Runs blocking work (waiting for a peer process to exit) on a dispatch thread rather than one of
/// Swift's few cooperative threads. Shared by the peers that stop a process (`OpenSSLServer`,
/// `NginxServer`).
///
/// ```swift
/// await onBlockingThread { process.terminate() }
/// ```
func onBlockingThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
