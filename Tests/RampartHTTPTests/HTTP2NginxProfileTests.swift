import Foundation
import NIOConcurrencyHelpers
import RampartHTTP
import RampartTestKit
import RampartTestSupport
import Testing

/// HTTP/2 to nginx as it is commonly set up (nginx's defaults, one TLS version, Mozilla's
/// intermediate and modern), each over many fresh connections: with TLS 1.2 the server's first
/// SETTINGS frame comes in the same read as the end of the handshake, which the client once lost
/// (`ReceivedBadSettings` in most runs against nginx's defaults).
@Suite("HTTP/2 against nginx's common TLS set-ups", .timeLimit(.minutes(10)))
struct HTTP2NginxProfileTests {
    /// Fresh connections per set-up: each run of the old client lost the first frame in most of them.
    static let connections = 50
    /// Connections opened at a time.
    static let parallel = 5

    @Test(
        "Every fresh connection negotiates h2 at the set-up's TLS version and fetches the file intact",
        arguments: NginxTLSProfile.allCases)
    func freshConnections(profile: NginxTLSProfile) async throws {
        let configuration = NginxServerConfiguration(
            chain: try LabHTTP.pki.chain(.good), profile: profile, http2: true)
        try await NginxServer.withServer(configuration) { nginx in
            let url = "https://localhost:\(nginx.tlsPort)/files/1k.bin"
            let expected = LabPattern.bytes(count: 1 << 10)
            let failures = try await withThrowingTaskGroup(of: String?.self) { group in
                var failures: [String] = []
                for index in 0..<Self.connections {
                    if index >= Self.parallel, let failure = try await group.next() {
                        failures += failure.map { [$0] } ?? []
                    }
                    group.addTask { await Self.fetch(url, expected: expected, profile: profile) }
                }
                for try await failure in group { failures += failure.map { [$0] } ?? [] }
                return failures
            }
            #expect(failures.isEmpty, "\(failures.count) of \(Self.connections) failed, first: \(failures.first ?? "")")
        }
    }

    /// One fetch on a new client (so a new connection); what went wrong, or `nil`. One connection
    /// exactly: the client sends a GET the server did not process again on a new connection, which
    /// would hide a lost frame.
    static func fetch(_ url: String, expected: [UInt8], profile: NginxTLSProfile) async -> String? {
        do {
            let connections = NIOLockedValueBox(0)
            let client = try LabHTTP.client { configuration in
                configuration.httpVersion = .http2Only
                configuration.onEvent = { event in
                    if case .connecting = event { connections.withLockedValue { $0 += 1 } }
                }
            }
            defer { client.shutdown() }
            let (response, body) = try await client.get(url)
            let opened = connections.withLockedValue { $0 }
            guard opened == 1 else { return "\(opened) connections for one GET" }
            let connection = response.connection
            guard response.status == 200, body == expected else {
                return "status \(response.status), \(body.count) bytes"
            }
            guard connection.negotiatedProtocol == "h2", connection.tlsVersion == profile.negotiatedVersion else {
                return "\(connection.negotiatedProtocol ?? "no ALPN") over \(connection.tlsVersion ?? "no TLS")"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}
