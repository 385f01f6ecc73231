import Foundation
import RampartHTTP
import RampartPolicy

/// Why a URL could not be diagnosed at all.
///
/// ```swift
/// do { _ = try await ATSDiagnostics().diagnose(url) } catch .unreachable(let endpoint, _) { print(endpoint) }
/// ```
public enum ATSDiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// Not an absolute `https` (or `http`) URL with a host (credentials shown as `***`).
    case unsupportedURL(String)
    /// An `https` (or `http`) URL that is no connection target: a port outside 1…65535,
    /// credentials (`user:password@`, shown as `***`), an unusable host.
    case unusableURL(String, reason: EndpointError)
    /// No configuration could even open a TCP connection to the URL's endpoint.
    case unreachable(Endpoint, detail: String)
    /// The diagnosis did not finish within ``ATSDiagnostics/maxTime``: `running` names the
    /// configurations (and the served-chain probe) still waiting for the server then.
    case timedOut(Endpoint, after: Duration, running: [String])

    public var description: String {
        switch self {
        case .unsupportedURL(let url):
            return "\(url) is not an https:// or http:// URL with a host; give a URL such as https://example.com/"
        case .unusableURL(let url, let reason):
            return "\(url) is not a usable URL: \(reason)"
        case .unreachable(let endpoint, let detail):
            return
                "cannot reach \(endpoint.host.name) port \(endpoint.port): \(detail); check the host name, the port and the network"
        case .timedOut(let endpoint, let limit, let running):
            let shown = HTTPClientError.format(limit)
            let waiting = running.isEmpty ? "" : "; still running: " + running.joined(separator: ", ")
            return "the diagnosis of \(endpoint.host.name) port \(endpoint.port) did not finish within \(shown)"
                + "\(waiting); the server answers too slowly or not at all: allow more time overall, or less per configuration"
        }
    }
}
