import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import RampartPolicy
import RampartTrust
import X509

/// Enforces a `TrustEvaluator`'s decision inside a NIOSSL handshake, so any NIO pipeline
/// (Rampart's client, gRPC, Postgres, your own) trusts exactly what Rampart decides.
///
/// The callback replaces BoringSSL's verification: the served chain goes to the evaluator, a
/// rejection fails the handshake, and the validated chain (not the served list) is handed back to
/// NIOSSL. The last decision is kept for error messages and pin-failure reports.
///
/// ```swift
/// let trust = TrustVerificationCallback(evaluator: evaluator, host: ATSHost("api.example.com"))
/// let handler = try NIOSSLClientHandler(
///     context: context, serverHostname: "api.example.com",
///     customVerificationCallbackWithMetadata: trust.callback)
/// // after a failed handshake: trust.lastDecision?.failures
/// ```
public final class TrustVerificationCallback: Sendable {
    public let evaluator: TrustEvaluator
    /// The host the connection is for, normalised by `ATSHost` (lower case, A-labels, no
    /// trailing dot): the name the chain and the pins are judged for.
    public let host: ATSHost
    private let decision = NIOLockedValueBox<TrustDecision?>(nil)
    private let observer: (@Sendable (TrustDecision) -> Void)?
    private let decoding: CertificateDecodingCache?

    /// - Parameters:
    ///   - evaluator: decides the chain the server presents.
    ///   - host: the host the connection is for: the name the chain and the pins are judged for.
    ///   - decoding: a cache shared by a client's connections, so that certificates served again
    ///     are not parsed again (`nil`: every handshake decodes its chain).
    ///   - onDecision: called with every decision (for example to send pin-failure reports), on
    ///     the connection's event loop: hand slow work to a task rather than block there.
    public init(
        evaluator: TrustEvaluator, host: ATSHost, decoding: CertificateDecodingCache? = nil,
        onDecision: (@Sendable (TrustDecision) -> Void)? = nil
    ) {
        self.evaluator = evaluator
        self.host = host
        self.decoding = decoding
        self.observer = onDecision
    }

    /// The decision of the most recent handshake, if one has been evaluated.
    public var lastDecision: TrustDecision? { decision.withLockedValue { $0 } }

    /// The callback to give `NIOSSLClientHandler(context:serverHostname:customVerificationCallbackWithMetadata:)`.
    public var callback: NIOSSLCustomVerificationCallbackWithMetadata {
        { [self] certificates, promise in
            var der: [[UInt8]] = []
            var failure: TrustRejection?
            for (position, certificate) in certificates.enumerated() where failure == nil {
                do {
                    der.append(try certificate.toDERBytes())
                } catch {
                    failure = .undecodableCertificate(position: position, detail: "\(error)")
                }
            }
            var decoded: [Certificate] = []
            if failure == nil {
                (decoded, failure) = TrustEvaluator.decode(derChain: der, decoding: self.decoding)
            }
            let served = decoded
            let rejection = failure
            let decide: @Sendable () async throws -> NIOSSLVerificationResultWithMetadata = {
                let outcome: TrustDecision
                if let failure = rejection {
                    outcome = TrustDecision(rejecting: [failure])
                } else {
                    outcome = await self.evaluator.evaluate(served: served, host: self.host.name)
                }
                self.decision.withLockedValue { $0 = outcome }
                self.observer?(outcome)
                guard outcome.verdict != .rejected else { return .failed }
                // The served certificates NIOSSL already holds are handed back as they are; only
                // the others (the anchor) are converted.
                let validated = try outcome.validatedChain.map { certificate in
                    if let position = served.firstIndex(of: certificate) { return certificates[position] }
                    return try NIOSSLCertificate(bytes: certificate.derBytes, format: .der)
                }
                return .certificateVerified(VerificationMetadata(ValidatedCertificateChain(validated)))
            }
            // The decision runs on the connection's event loop, as BoringSSL's own verification
            // does; where task executors are unavailable it runs on the global executor.
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                Task(executorPreference: EventLoopTaskExecutor(promise.futureResult.eventLoop)) {
                    do {
                        promise.succeed(try await decide())
                    } catch {
                        promise.fail(error)
                    }
                }
            } else {
                promise.completeWithTask(decide)
            }
        }
    }
}
