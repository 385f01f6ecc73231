import Foundation
import RampartPolicy
import RampartTrust

/// One step of an exchange, as ``HTTPClientConfiguration/onEvent`` reports it.
///
/// ```swift
/// configuration.onEvent = { event in try? FileHandle.standardError.write(contentsOf: Data("\(event)\n".utf8)) }
/// ```
public enum HTTPClientEvent: Sendable, CustomStringConvertible {
    /// The ATS decision for a URL (every hop).
    case policyDecision(ATSDecision)
    /// A new connection to the origin's endpoint is being opened.
    case connecting(Endpoint, proxy: HTTPProxy?)
    /// A kept-alive connection to the origin's endpoint is reused.
    case reusingConnection(Endpoint)
    /// The trust decision made inside a TLS handshake with the origin's endpoint (its host is the
    /// name the chain and the pins were judged for).
    case trustDecision(Endpoint, TrustDecision)
    /// A connection is ready.
    case connected(HTTPConnectionInfo)
    /// A redirect is followed.
    case redirect(status: Int, from: URL, to: URL)
    /// A pin-failure report was queued for sending.
    case reportQueued(host: String, destinations: Int)
    /// A pin-failure report could not be sent.
    case reportFailed(destination: String, reason: String)
    /// A response body was decoded from its content coding (`gzip`, `deflate`): bytes received → bytes decoded.
    case decoded(coding: String, encoded: Int, decoded: Int)

    public var description: String {
        switch self {
        case .policyDecision(let decision):
            let requirements = decision.requirements
            var text = "ATS \(decision.url): \(decision.isAllowed ? "allowed" : "blocked") by \(decision.rule)"
            if decision.isAllowed && decision.scheme == "https" {
                text += "; TLS ≥ \(requirements.minimumTLSVersion.rawValue)"
                text += requirements.requiresForwardSecrecy ? ", forward secrecy" : ", no forward secrecy required"
                text += requirements.requiresCertificateRules ? ", ATS certificate rules" : ""
                if let pins = requirements.pins { text += ", pinned (\(pins.domains.joined(separator: ", ")))" }
            }
            if let reason = decision.reason { text += " — \(reason)" }
            return text
        case .connecting(let endpoint, let proxy):
            return "connecting to \(endpoint)" + (proxy.map { " through the proxy \($0)" } ?? "")
        case .reusingConnection(let endpoint):
            return "reusing the kept-alive connection to \(endpoint)"
        case .trustDecision(let endpoint, let decision):
            let host = endpoint.host.name
            var lines = ["trust \(host): \(decision.verdict.rawValue)"]
            for certificate in decision.validatedChain {
                let pin = (try? SPKIPin(certificate: certificate)).map(\.description) ?? "-"
                lines.append("  \(pin)  \(certificate.subject)")
            }
            lines += decision.failures.map { "  failure: \($0)" }
            lines += decision.warnings.map { "  warning: \($0)" }
            return lines.joined(separator: "\n")
        case .connected(let info):
            let tls = info.tlsVersion.map { "\($0), \(info.cipherSuite ?? "-")" } ?? "cleartext"
            let alpn = info.tlsVersion == nil ? "" : ", ALPN: " + (info.negotiatedProtocol ?? "none")
            return "connected to \(info.endpoint) (\(info.remoteAddress)) — \(tls)\(alpn), \(info.httpVersion)"
                + (info.proxy.map { ", tunnelled through \($0)" } ?? "")
        case .redirect(let status, let from, let to):
            return "redirect \(status): \(from.absoluteString) → \(to.absoluteString)"
        case .reportQueued(let host, let destinations):
            return "pin failure for \(host) queued for \(destinations) report destination(s)"
        case .reportFailed(let destination, let reason):
            return "pin-failure report to \(destination) not sent: \(reason)"
        case .decoded(let coding, let encoded, let decoded):
            return "decoded \(coding): \(encoded) → \(decoded) bytes"
        }
    }
}
