/// Why a URL or `HOST:PORT` text is not a connection target (``Endpoint``).
///
/// The messages never quote a URL's credentials: the cases carry only the part that is wrong.
///
/// ```swift
/// do { _ = try Endpoint(parsing: "127.0.0.1:99999") } catch .portOutOfRange(let text) { print(text) }  // "99999"
/// ```
public enum EndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The port is a number outside 1…65535 (as written, so `99999` and `18446744073709551617`
    /// are shown as given, never wrapped).
    case portOutOfRange(String)
    /// The port is not a decimal number (`HOST:PORT` text), or is missing where one is required.
    case malformedPort(String)
    /// `HOST:PORT` text without a port.
    case missingPort
    /// No host (`https:///path`, `:443`).
    case noHost
    /// A host that cannot be dialled: spaces, control characters, `/`, `@`, or an IPv6 address
    /// without brackets in `HOST:PORT` text. `reason` says which.
    case malformedHost(reason: String)
    /// A URL that carries `user:password@`: a connection target never does.
    case credentialsInURL
    /// A URL whose scheme is not `https` or `http`.
    case unsupportedScheme(String)

    public var description: String {
        switch self {
        case .portOutOfRange(let port):
            return "port \(port) is out of range; give a port from 1 to 65535"
        case .malformedPort(let port):
            return "the port '\(port)' is not a number; give a port from 1 to 65535"
        case .missingPort:
            return "no port; write HOST:PORT, or [IPv6]:PORT, such as example.com:443 or [::1]:8443"
        case .noHost:
            return "it has no host; give one such as example.com"
        case .malformedHost(let reason):
            return "the host is not usable: \(reason)"
        case .credentialsInURL:
            return "it carries credentials (user:password@), which are refused; send an Authorization header instead"
        case .unsupportedScheme(let scheme):
            return "the scheme '\(scheme)' is not https:// or http://"
        }
    }
}
