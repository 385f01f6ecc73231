import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import X509

/// The proxy's record and its open channels, shared by all its connections.
final class LabProxyState: Sendable {
    struct Record {
        var targets: [String] = []
        var plaintext: [UInt8] = []
    }

    private let record = NIOLockedValueBox(Record())
    private let channels = LabChannelSet()

    func withRecord<Value>(_ body: (inout Record) -> Value) -> Value {
        record.withLockedValue(body)
    }

    /// Tracks `channel` until it closes; `false` (and the channel is closed) once the proxy stopped.
    func register(_ channel: any Channel) -> Bool { channels.register(channel) }

    /// Marks the proxy stopped and hands back every open channel.
    func stop() -> [any Channel] { channels.stop() }
}
