import RampartPolicy
import RampartTrust

/// A TLS handshake Rampart refused: the host and the decision, with every reason.
///
/// ```swift
/// do { try await channel.executeThenClose { … } } catch let error as TrustRejectedError {
///     log("\(error.host.name): \(error.decision.failures.map(\.description))")
/// }
/// ```
public struct TrustRejectedError: Error, Sendable, CustomStringConvertible {
    /// The host the connection was for (the name the chain was judged for).
    public let host: ATSHost
    /// Rampart's decision (its verdict is `.rejected`).
    public let decision: TrustDecision

    public init(host: ATSHost, decision: TrustDecision) {
        self.host = host
        self.decision = decision
    }

    public var description: String {
        let reasons = decision.failures.map(\.description).joined(separator: "; ")
        return
            "Rampart refused the certificate chain of \(host.name): \(reasons.isEmpty ? "no reason recorded" : reasons)"
    }
}
