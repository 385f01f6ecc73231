import AsyncHTTPClient
import Foundation
import RampartAsyncHTTPClient
import RampartHTTP
import RampartPolicy
import RampartScan
import RampartSeal
import RampartTrust
import SwiftParser
import SwiftSyntax

/// What a small app does with Rampart's public API: decide URLs by its ATS policy, configure the hardened client and
/// AsyncHTTPClient with the same pins, and keep a secret sealed at rest. Nothing here opens a connection.
///
/// ```swift
/// let app = try SampleApp()
/// print(app.decide("http://legacy.example.com/feed").isAllowed)  // true: the policy's one exception
/// ```
public struct SampleApp: Sendable {
    /// The app's `NSAppTransportSecurity`: HTTPS everywhere but one legacy host.
    public let policy: ATSPolicy
    /// The API's pins: a primary and a backup leaf key, as `sha256/BASE64`.
    public let pins: [PinnedHost]

    public init() throws {
        policy = ATSPolicy(
            ATSConfiguration(exceptionDomains: [
                "legacy.example.com": ATSExceptionDomain(allowsInsecureHTTPLoads: true)
            ]))
        let primary = try SPKIPin(parsing: "sha256/" + Data(repeating: 1, count: 32).base64EncodedString())
        let backup = try SPKIPin(parsing: "sha256/" + Data(repeating: 2, count: 32).base64EncodedString())
        pins = [
            try PinnedHost(
                domain: "api.example.com", pins: [.init(primary, scope: .leaf), .init(backup, scope: .leaf)])
        ]
    }

    /// ATS's verdict on `url` under ``policy``.
    public func decide(_ url: String) -> ATSDecision {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else { return policy.requirements(scheme: "", host: "") }
        return policy.requirements(scheme: scheme, host: host)
    }

    /// Rampart's hardened client configured with ``policy`` and ``pins``: a client is made and shut down again.
    public func makeHardenedClient() throws -> RampartHTTP.HTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.policy = policy
        configuration.pinning = pins
        return try RampartHTTP.HTTPClient(configuration: configuration)
    }

    /// AsyncHTTPClient's configuration with the same leaf pins installed (RampartAsyncHTTPClient).
    public func asyncHTTPClientConfiguration() throws -> AsyncHTTPClient.HTTPClient.Configuration {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration()
        try AsyncHTTPClientLeafPins(pins).install(in: &configuration)
        return configuration
    }

    /// `secret` sealed as an age file to a fresh X25519 identity, and that identity.
    public func seal(_ secret: Data) throws -> (file: Data, identity: X25519Identity) {
        let identity = X25519Identity.generate()
        return (try Age.encrypt(secret, to: [identity.recipient]), identity)
    }

    /// The plaintext of an age `file` sealed by ``seal(_:)``.
    public func open(_ file: Data, with identity: X25519Identity) throws -> Data {
        try Age.decrypt(file, with: [identity])
    }

    /// The rule ids `rampart scan` reports for the files and folders at `paths`.
    public func scanRuleIDs(_ paths: [String]) throws -> [String] {
        try ScanEngine().scan(paths).findings.map(\.ruleID)
    }

    /// The `http://` string literals in Swift `source`, read by swift-syntax, with ATS's verdict on each.
    public func cleartextURLs(inSwift source: String) -> [(url: String, allowed: Bool)] {
        let file = Parser.parse(source: source)
        return file.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard case .stringSegment(let text) = token.tokenKind, text.hasPrefix("http://") else { return nil }
            return (text, decide(text).isAllowed)
        }
    }
}
