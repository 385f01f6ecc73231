import Foundation
import RampartPolicy

/// The parts of a request URL the client acts on: scheme, host (normalised by `ATSHost`: lower
/// case, without brackets or a trailing dot, IDN labels as A-labels), port, and the request target.
struct Target: Sendable {
    let scheme: String
    let host: String
    let port: Int
    /// `host` and `port`, read by `Endpoint` (port in 1…65535).
    let endpoint: Endpoint
    let originForm: String
    let absoluteForm: String
    let hostHeader: String

    init(_ url: URL) throws(HTTPClientError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw .invalidURL(
                Endpoint.redacting(url.absoluteString), reason: "only http:// and https:// URLs can be fetched")
        }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let rawHost = components.host, !rawHost.isEmpty
        else {
            throw .invalidURL(Endpoint.redacting(url.absoluteString), reason: "it has no host")
        }
        guard components.user == nil else {
            throw .invalidURL(
                Endpoint.redacting(url.absoluteString),
                reason: "credentials in the URL are refused; send an Authorization header instead")
        }
        // The port is read from the URL's own text by `Endpoint`: `URL.port` wraps or drops big ones.
        do {
            endpoint = try Endpoint(url: url)
        } catch {
            throw .invalidURL(Endpoint.redacting(url.absoluteString), reason: error.description)
        }
        self.scheme = scheme
        host = ATSHost(rawHost).name
        let defaultPort = scheme == "https" ? 443 : 80
        port = endpoint.port
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        originForm = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let bracketed = host.contains(":") ? "[\(host)]" : host
        hostHeader = port == defaultPort ? bracketed : "\(bracketed):\(port)"
        absoluteForm = "\(scheme)://\(hostHeader)\(originForm)"
    }
}
