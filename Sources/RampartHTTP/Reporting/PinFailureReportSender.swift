import Foundation
import NIOConcurrencyHelpers
import RampartTrust
import X509

/// Sends pin-failure reports without ever holding up the request that failed: the handshake's
/// callback only queues (on the event loop, under a lock); a background task builds the TrustKit
/// JSON and POSTs it. The same failure is sent once per window, and at most `maxPending` reports
/// wait at any time; beyond that they are dropped.
final class PinFailureReportSender: Sendable {
    typealias Post = @Sendable (_ destination: URL, _ json: Data) async throws -> Int

    private let reporting: PinFailureReporting
    private let post: Post
    private let events: (@Sendable (HTTPClientEvent) -> Void)?
    private let state = NIOLockedValueBox<(sent: [String: ContinuousClock.Instant], pending: Int)>(([:], 0))

    init(reporting: PinFailureReporting, events: (@Sendable (HTTPClientEvent) -> Void)?, post: @escaping Post) {
        self.reporting = reporting
        self.events = events
        self.post = post
    }

    /// Queues a report of `mismatch`; returns at once.
    func submit(_ mismatch: PinMismatch, validatedChain: [Certificate], port: Int) {
        let destinations = mismatch.entries.flatMap(\.reportURIs)
        guard !destinations.isEmpty || !reporting.additionalReporters.isEmpty else { return }
        let identity = ([mismatch.host, String(port)] + mismatch.served.map(\.pin.base64)).joined(separator: "|")
        let now = ContinuousClock.now
        let window = reporting.window
        let limit = reporting.maxPending
        let accepted = state.withLockedValue { state -> Bool in
            state.sent = state.sent.filter { now - $0.value < window }
            guard state.sent[identity] == nil, state.pending < limit else { return false }
            state.sent[identity] = now
            state.pending += 1
            return true
        }
        guard accepted else { return }
        events?(.reportQueued(host: mismatch.host, destinations: destinations.count))
        Task.detached(priority: .background) { [self] in
            defer { state.withLockedValue { $0.pending -= 1 } }
            await send(mismatch, validatedChain: validatedChain, port: port, destinations: destinations)
        }
    }

    /// How many reports are queued or being sent.
    var pending: Int { state.withLockedValue { $0.pending } }

    private func send(_ mismatch: PinMismatch, validatedChain: [Certificate], port: Int, destinations: [URL]) async {
        let report: PinFailureReport
        let json: Data
        do {
            report = try PinFailureReport(mismatch, validatedChain: validatedChain, port: port, app: reporting.app)
            json = try report.json()
        } catch {
            events?(.reportFailed(destination: "-", reason: "cannot build the report: \(error)"))
            return
        }
        for destination in destinations {
            do {
                let status = try await post(destination, json)
                if !(200..<300).contains(status) {
                    events?(.reportFailed(destination: destination.absoluteString, reason: "HTTP \(status)"))
                }
            } catch {
                events?(.reportFailed(destination: destination.absoluteString, reason: "\(error)"))
            }
        }
        for reporter in reporting.additionalReporters {
            do {
                try await reporter.report(report)
            } catch {
                events?(.reportFailed(destination: "\(type(of: reporter))", reason: "\(error)"))
            }
        }
    }
}
