import Foundation
import RampartPolicy
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// Decides whether to trust a server: RFC 5280 chain validation and server identity with
/// swift-certificates' `Verifier`, ATS certificate rules, and pins matched against the
/// *validated* path only — never the list the server sent (CVE-2016-2402).
///
/// Pure decision code: DER chain, host and time in; a ``TrustDecision`` out. An Apple-platform
/// app can call it from its `URLSessionDelegate`; NIO pipelines use it through NIOSSL.
///
/// ```swift
/// let evaluator = TrustEvaluator(anchors: .system, atsCertificateRules: true, pinning: [apiPins])
/// let decision = await evaluator.evaluate(served: chain, host: "api.example.com")
/// ```
public struct TrustEvaluator: Sendable {
    public var anchors: TrustAnchors {
        didSet { store = anchors.store }
    }
    public var atsCertificateRules: Bool
    public var pinning: [PinnedHost]
    /// Policies applied after Rampart's own (``AdditionalTrustPolicies``), or `nil`.
    public var additionalPolicies: AdditionalTrustPolicies?
    /// The anchors as a swift-certificates store, built once rather than for every handshake.
    var store: CertificateStore

    public init(
        anchors: TrustAnchors = .system, atsCertificateRules: Bool = true, pinning: [PinnedHost] = [],
        additionalPolicies: AdditionalTrustPolicies? = nil
    ) {
        self.anchors = anchors
        self.atsCertificateRules = atsCertificateRules
        self.pinning = pinning
        self.additionalPolicies = additionalPolicies
        self.store = anchors.store
    }

    /// An evaluator that also applies the swift-certificates policies `policies` builds: a chain is
    /// trusted only when they accept it too.
    ///
    /// ```swift
    /// let evaluator = TrustEvaluator(anchors: .system, pinning: [apiPins]) {
    ///     OCSPVerifierPolicy(failureMode: .soft, requester: requester, validationTime: Date())
    /// }
    /// ```
    public init(
        anchors: TrustAnchors = .system, atsCertificateRules: Bool = true, pinning: [PinnedHost] = [],
        @PolicyBuilder policies: @escaping @Sendable () -> some VerifierPolicy
    ) {
        self.init(
            anchors: anchors, atsCertificateRules: atsCertificateRules, pinning: pinning,
            additionalPolicies: AdditionalTrustPolicies(policies))
    }

    /// Evaluates the chain a server `served` (leaf first) for `host` at `time`. The host is
    /// normalised as `ATSHost` does (case, trailing dot, IDN U-labels to A-labels) for the name
    /// check and the pins alike.
    public func evaluate(served: [Certificate], host rawHost: String, at time: Date = Date()) async -> TrustDecision {
        let parsed = ATSHost(rawHost)
        let host = parsed.name
        guard let leaf = served.first else {
            return reject([.untrustedIssuer(issuer: "-", detail: "the server sent no certificate")])
        }
        let isIP = parsed.kind != .dnsName
        let identity = ServerIdentityPolicy(serverHostname: isIP ? nil : host, serverIP: isIP ? host : nil)
        let rules = atsCertificateRules
        let additional = additionalPolicies?.policy()
        var verifier = Verifier(rootCertificates: store) {
            RFC5280Policy(fixedExpiryValidationTime: time)
            identity
            if rules { ATSCertificateRules() }
            if let additional { additional }
        }
        let intermediates = CertificateStore(served.dropFirst())
        // Only an additional policy can be a CT policy: without one there is nothing to record.
        let recorder = additional == nil ? nil : CTDecisionRecorder()
        let result: CertificateValidationResult
        if let recorder {
            result = await CTDecisionRecorder.$current.withValue(recorder) {
                await verifier.validate(leaf: leaf, intermediates: intermediates)
            }
        } else {
            result = await verifier.validate(leaf: leaf, intermediates: intermediates)
        }
        guard case .validCertificate(let validated) = result else {
            var rejection = reject(
                await classify(served: served, host: host, identity: identity, time: time, result: result))
            rejection.transparency = recorder?.refusingDecision
            return rejection
        }
        var decision = checkPins(Array(validated), fingerprints: nil, host: host, time: time)
        decision.transparency = recorder?.decision(forIssuer: validated.count > 1 ? validated[1] : nil)
        return decision
    }

    /// Names the most specific reason a chain failed, in the order a person would fix them.
    private func classify(
        served: [Certificate], host: String, identity: ServerIdentityPolicy, time: Date,
        result: CertificateValidationResult
    ) async -> [TrustRejection] {
        var failures: [TrustRejection] = []
        for certificate in served {
            let subject = String(describing: certificate.subject)
            if certificate.notValidAfter < time {
                failures.append(.expired(subject: subject, notValidAfter: certificate.notValidAfter))
            }
            if certificate.notValidBefore > time {
                failures.append(.notYetValid(subject: subject, notValidBefore: certificate.notValidBefore))
            }
        }
        guard let leaf = served.first else { return failures }
        // The leaf alone, trusted as its own root, judged only on its name (classification only:
        // the real verdict came from the full verifier above).
        var identityOnly = Verifier(rootCertificates: CertificateStore([leaf])) {
            NameOnlyClassification()
            identity
        }
        if case .couldNotValidate = await identityOnly.validate(leaf: leaf, intermediates: CertificateStore()) {
            failures.append(.hostMismatch(host: host))
        }
        if atsCertificateRules {
            failures += ATSCertificateRules.violations(in: served).map { .atsCertificateRule($0) }
        }
        if leaf.subject == leaf.issuer {
            failures.append(.selfSigned(subject: String(describing: leaf.subject)))
        }
        if failures.isEmpty, additionalPolicies != nil {
            // Rampart's own policies alone: if they accept the chain, an additional policy refused it.
            let rules = atsCertificateRules
            var ownPolicies = Verifier(rootCertificates: store) {
                RFC5280Policy(fixedExpiryValidationTime: time)
                identity
                if rules { ATSCertificateRules() }
            }
            if case .validCertificate = await ownPolicies.validate(
                leaf: leaf, intermediates: CertificateStore(served.dropFirst()))
            {
                var reason = "the chain does not meet it"
                if case .couldNotValidate(let policyFailures) = result, let first = policyFailures.first {
                    reason = String(describing: first.policyFailureReason)
                }
                return [.additionalPolicy(reason: reason)]
            }
        }
        if failures.isEmpty {
            var detail = "a missing intermediate or an unknown CA"
            if case .couldNotValidate(let policyFailures) = result, let first = policyFailures.first {
                detail = String(describing: first.policyFailureReason)
            }
            let top = served.last.map { String(describing: $0.issuer) } ?? "-"
            failures.append(.untrustedIssuer(issuer: top, detail: detail))
        }
        return failures
    }

    /// Applies only the pins to a chain that something else already validated (for example
    /// `SecTrustEvaluateWithError` in a `URLSessionDelegate`), leaf first, root last. `host` is
    /// normalised as `ATSHost` does, so `API.example.com.` meets the pins of `api.example.com`.
    ///
    /// ```swift
    /// let decision = evaluator.checkPins(validatedChain: chain, host: "api.example.com")
    /// ```
    public func checkPins(validatedChain chain: [Certificate], host: String, at time: Date = Date()) -> TrustDecision {
        checkPins(chain, fingerprints: nil, host: ATSHost(host).name, time: time)
    }

    /// Applies only the pins to a validated chain whose fingerprints were computed before (the
    /// cheap path for a connection pool re-checking a kept-alive chain).
    public func checkPins(_ fingerprints: ChainFingerprints, host: String, at time: Date = Date()) -> TrustDecision {
        checkPins(fingerprints.certificates, fingerprints: fingerprints, host: ATSHost(host).name, time: time)
    }

    /// Pins for `host` (normalised by ``ATSHost``); the chain's fingerprints are computed only when a pin applies, and the
    /// whole-certificate digests only when a certificate pin does.
    private func checkPins(_ chain: [Certificate], fingerprints cached: ChainFingerprints?, host: String, time: Date)
        -> TrustDecision
    {
        var warnings: [TrustDecision.Warning] = []
        var applicable: [PinnedHost] = []
        for entry in pinning where entry.covers(normalized: host) {
            if let expiration = entry.expiration, expiration < time {
                warnings.append(.pinSetExpired(domain: entry.domain))
            } else {
                applicable.append(entry)
            }
        }
        guard !applicable.isEmpty else {
            return TrustDecision(
                verdict: warnings.isEmpty ? .trusted : .trustedWithWarnings, failures: [], warnings: warnings,
                validatedChain: chain, pinMismatch: nil)
        }
        let pins = applicable.flatMap(\.pins)
        if cached == nil, Self.leafKeyMatches(pins, chain: chain) {
            return TrustDecision(
                verdict: warnings.isEmpty ? .trusted : .trustedWithWarnings, failures: [], warnings: warnings,
                validatedChain: chain, pinMismatch: nil)
        }
        let needsDigests = pins.contains { if case .certificate = $0.kind { true } else { false } }
        let fingerprints: ChainFingerprints
        do {
            fingerprints =
                try cached.flatMap { !needsDigests || !$0.certificateDigests.isEmpty ? $0 : nil }
                ?? ChainFingerprints(chain, includingCertificateDigests: needsDigests)
        } catch {
            return reject([.undecodableCertificate(position: 0, detail: "\(error)")])
        }
        if PinMatcher(pins: pins).matches(fingerprints) {
            return TrustDecision(
                verdict: warnings.isEmpty ? .trusted : .trustedWithWarnings, failures: [], warnings: warnings,
                validatedChain: chain, pinMismatch: nil)
        }
        let mismatch = PinMismatch(
            host: host, entries: applicable, expected: pins.map(PinMatcher.describe),
            served: zip(chain, fingerprints.publicKeyPins).map {
                PinMismatch.ServedPin(subject: String(describing: $0.subject), pin: $1)
            })
        if applicable.contains(where: \.enforced) {
            return TrustDecision(
                verdict: .rejected, failures: [.pinMismatch(mismatch)], warnings: warnings, validatedChain: chain,
                pinMismatch: mismatch)
        }
        return TrustDecision(
            verdict: .trustedWithWarnings, failures: [], warnings: warnings + [.pinMismatchReported(mismatch)],
            validatedChain: chain, pinMismatch: mismatch)
    }

    /// The common case, decided from the leaf alone: every pin is a leaf public-key pin and one
    /// matches. The CA keys (RSA keys are costly to serialize) are hashed only when this fails.
    private static func leafKeyMatches(_ pins: [PinnedHost.ScopedPin], chain: [Certificate]) -> Bool {
        guard let leaf = chain.first, pins.allSatisfy({ $0.scope == .leaf }),
            let served = try? SPKIPin(certificate: leaf)
        else { return false }
        var matched = false
        for pin in pins {
            if case .publicKey(let expected) = pin.kind, expected.matches(served) { matched = true }
        }
        return matched
    }

    private func reject(_ failures: [TrustRejection]) -> TrustDecision {
        TrustDecision(rejecting: failures)
    }
}

/// Lets the verifier accept a lone leaf's critical extensions so that only the server-identity
/// policy judges it. Used solely to name *why* a chain already rejected by the full verifier
/// failed; never to accept anything.
private struct NameOnlyClassification: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
        .X509ExtensionID.basicConstraints, .X509ExtensionID.keyUsage, .X509ExtensionID.extendedKeyUsage,
        .X509ExtensionID.nameConstraints,
    ]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult { .meetsPolicy }
}
