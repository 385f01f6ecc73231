import Foundation
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTrust
import X509

/// Shared set-up for the client tests: the lab PKI, a client that trusts only the lab root, and
/// pins for the lab's genuine and backup keys.
enum LabHTTP {
    static var pki: LabPKI { get throws { try LabPKI.shared() } }

    static func client(
        pinning: [PinnedHost] = [], policy: ATSConfiguration = ATSConfiguration(), extraRoots: [Certificate] = [],
        configure: (inout HTTPClientConfiguration) -> Void = { _ in }
    ) throws -> HTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.anchors = .only([try pki.root.certificate] + extraRoots)
        configuration.pinning = pinning
        configuration.policy = ATSPolicy(policy, os: .ios17)  // lab servers are on localhost
        // Generous: the suites run in parallel on two cores. Timeout tests set their own.
        configuration.timeouts = HTTPTimeouts(all: .seconds(120))
        // A parked connection outlives a runner starved by CPU-heavy suites (a test resumed more
        // than the default 60 s after its previous request saw a second connection), so tests
        // that count connections count reuse, not the machine's load.
        configuration.limits.idleConnectionLifetime = .seconds(600)
        configure(&configuration)
        return try HTTPClient(configuration: configuration)
    }

    /// The genuine lab leaf's key and a P-384 backup key, both enforced.
    static func genuinePins(reportURIs: [URL] = []) throws -> PinnedHost {
        try PinnedHost(
            domain: LabPKI.hostName,
            pins: [
                .init(try SPKIPin(certificate: pki.chain(.good).leaf.certificate), scope: .leaf),
                .init(try SPKIPin(certificate: pki.chain(.p384).leaf.certificate), scope: .leaf),
            ], reportURIs: reportURIs)
    }

    static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { fatalError("bad test URL \(text)") }
        return url
    }
}

extension LabHTTP {
    /// The error a GET of `url` ends with, or `nil` when it succeeded.
    static func failure(_ client: HTTPClient, _ url: String) async -> HTTPClientError? {
        do {
            let (_, _) = try await client.get(url)
            return nil
        } catch {
            return error
        }
    }
}
