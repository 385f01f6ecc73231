import Foundation
import RampartPolicy
import X509

/// Rampart's answer to a server-trust challenge from a platform's own TLS stack (URLSession or
/// Network.framework on Apple platforms): the platform's verdict and the chain it evaluated in,
/// Rampart's decision (ATS certificate rules, pins, additional policies such as CT) and the
/// answer out.
///
/// swift-certificates cannot read the system roots on Apple platforms (only Linux's CA bundle),
/// so for ``TrustAnchors/system`` and ``TrustAnchors/systemPlus(_:)`` the platform decides which
/// roots are trusted: when its evaluation succeeded, the root it chained to (the last certificate
/// of the chain it evaluated) stands in for the system store, and Rampart validates the chain
/// again to it with its own rules. With ``TrustAnchors/only(_:)`` the platform's verdict is not
/// consulted: the app's roots replace the system's, as `SecTrustSetAnchorCertificatesOnly` would.
///
/// All the logic lives here, tested on Linux; `RampartURLSessionDelegate` (Apple platforms
/// only) only reads the challenge and maps the answer.
///
/// ```swift
/// let responder = ServerTrustChallengeResponder(evaluator: TrustEvaluator(anchors: .system, pinning: pins))
/// let outcome = await responder.respond(
///     isServerTrust: true, host: "api.example.com", chain: derChain, platformTrusted: true)
/// if outcome.answer == .cancel { print(outcome.decision?.failures ?? []) }
/// ```
public struct ServerTrustChallengeResponder: Sendable {
    /// What to tell the platform.
    public enum Answer: String, Sendable, Hashable {
        /// Continue with the server's trust (`URLCredential(trust:)` and `.useCredential`).
        case useServerTrust
        /// Refuse the connection (`.cancelAuthenticationChallenge`).
        case cancel
        /// Not a server-trust challenge: leave it to the platform (`.performDefaultHandling`).
        case performDefaultHandling
    }

    /// The answer and the decision behind it (`nil` for challenges that are not server trust).
    public struct Outcome: Sendable {
        public var answer: Answer
        public var decision: TrustDecision?
    }

    /// Decides every server-trust challenge.
    public let evaluator: TrustEvaluator
    private let decoding: CertificateDecodingCache?
    private let onDecision: (@Sendable (String, TrustDecision) -> Void)?

    /// - Parameters:
    ///   - evaluator: decides every server-trust challenge.
    ///   - decoding: shared by the challenges, so certificates served again are parsed once.
    ///   - onDecision: called with the host (normalised by `ATSHost`: lower case, A-labels, no
    ///     trailing dot) and every decision (for pin-failure reports or logs).
    public init(
        evaluator: TrustEvaluator, decoding: CertificateDecodingCache? = CertificateDecodingCache(),
        onDecision: (@Sendable (String, TrustDecision) -> Void)? = nil
    ) {
        self.evaluator = evaluator
        self.decoding = decoding
        self.onDecision = onDecision
    }

    /// Answers one challenge.
    ///
    /// - Parameters:
    ///   - isServerTrust: whether the challenge's method is server trust
    ///     (`NSURLAuthenticationMethodServerTrust`); other challenges are left to the platform.
    ///   - host: the host the connection is for (`protectionSpace.host`), normalised by `ATSHost`
    ///     (`API.example.com.` is judged as `api.example.com`, `bücher.example` as `xn--bcher-kva.example`).
    ///   - chain: the DER certificates of the chain the platform evaluated, leaf first
    ///     (`SecTrustCopyCertificateChain` after `SecTrustEvaluateWithError`).
    ///   - platformTrusted: the platform's own verdict (`SecTrustEvaluateWithError`).
    ///   - time: the moment validity, pin expirations and CT are judged at (now by default).
    public func respond(
        isServerTrust: Bool, host: String, chain: [Data], platformTrusted: Bool, at time: Date = Date()
    ) async -> Outcome {
        guard isServerTrust else { return Outcome(answer: .performDefaultHandling, decision: nil) }
        let host = ATSHost(host).name
        let decoded = TrustEvaluator.decode(derChain: chain.map { [UInt8]($0) }, decoding: decoding)
        let decision: TrustDecision
        if let failure = decoded.failure {
            decision = TrustDecision(rejecting: [failure])
        } else {
            decision = await judge(decoded.certificates, host: host, platformTrusted: platformTrusted, at: time)
        }
        onDecision?(host, decision)
        return Outcome(answer: decision.verdict == .rejected ? .cancel : .useServerTrust, decision: decision)
    }

    /// Rampart's decision with the anchors the platform's verdict allows.
    func judge(_ chain: [Certificate], host: String, platformTrusted: Bool, at time: Date) async -> TrustDecision {
        switch evaluator.anchors {
        case .only:
            return await evaluator.evaluate(served: chain, host: host, at: time)
        case .system, .systemPlus:
            // The root the platform chained to, if it trusted the chain, stands in for its store.
            let platformRoots = platformTrusted ? chain.suffix(1) : []
            var evaluator = self.evaluator
            evaluator.store = CertificateStore(Array(platformRoots) + evaluator.anchors.addedRoots)
            return await evaluator.evaluate(served: chain, host: host, at: time)
        }
    }
}
