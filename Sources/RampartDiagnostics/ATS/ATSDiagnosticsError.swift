import Foundation

/// Why a URL could not be diagnosed at all.
///
/// ```swift
/// do { _ = try await ATSDiagnostics().diagnose(url) } catch .unreachable(let host, let port, _) { … }
/// ```
public enum ATSDiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// Not an absolute `https` (or `http`) URL with a host.
    case unsupportedURL(String)
    /// No configuration could even open a TCP connection.
    case unreachable(host: String, port: Int, detail: String)

    public var description: String {
        switch self {
        case .unsupportedURL(let url):
            return "\(url) is not an https:// or http:// URL with a host; give a URL such as https://example.com/"
        case .unreachable(let host, let port, let detail):
            return "cannot reach \(host) port \(port): \(detail); check the host name, the port and the network"
        }
    }
}
