import NIOConcurrencyHelpers
import NIOCore

/// The channels a lab server or proxy has open, so that stopping it closes every one of them,
/// including any that a connection in progress opens after the stop.
///
/// ```swift
/// let channels = LabChannelSet()
/// guard channels.register(child) else { return }   // closed: the server already stopped
/// for channel in channels.stop() { try? await channel.close() }
/// ```
public final class LabChannelSet: Sendable {
    private let state = NIOLockedValueBox<(open: [ObjectIdentifier: any Channel], stopped: Bool)>(([:], false))

    /// An empty set, not stopped.
    public init() {}

    /// Tracks `channel` until it closes; returns `false` (and closes the channel) once stopped.
    public func register(_ channel: any Channel) -> Bool {
        let id = ObjectIdentifier(channel)
        let accepted = state.withLockedValue { state in
            if state.stopped { return false }
            state.open[id] = channel
            return true
        }
        guard accepted else {
            channel.close(promise: nil)
            return false
        }
        channel.closeFuture.whenComplete { [weak self] _ in
            self?.state.withLockedValue { _ = $0.open.removeValue(forKey: id) }
        }
        return true
    }

    /// Marks the set stopped and hands back every channel still open, for the caller to close.
    public func stop() -> [any Channel] {
        state.withLockedValue { state in
            state.stopped = true
            defer { state.open = [:] }
            return Array(state.open.values)
        }
    }
}
