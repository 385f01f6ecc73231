import Foundation
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import Testing

/// HTTP/2's own TLS rules (RFC 9113 §9.2) under ATS exceptions that allow what HTTP/2 does not
/// (TLS 1.0 and 1.1, RSA key exchange) and under ATS's defaults (which allow CBC suites): against
/// `openssl s_server -alpn h2,http/1.1`, which selects `h2` whenever the client offers it, whatever
/// the connection.
@Suite("HTTP/2's TLS requirements", .timeLimit(.minutes(10)))
struct HTTP2TLSRequirementsTests {
    static func client(_ exception: ATSExceptionDomain?, version: HTTPVersionPreference) throws -> HTTPClient {
        let policy = ATSConfiguration(exceptionDomains: exception.map { ["localhost": $0] } ?? [:])
        return try LabHTTP.client(policy: policy) { configuration in
            configuration.httpVersion = version
            configuration.timeouts = HTTPTimeouts(all: .seconds(10))
        }
    }

    /// The phase and words of an HTTP/2 failure, or an issue when the error is another one.
    static func http2Failure(_ error: HTTPClientError?) -> (phase: HTTPPhase, detail: String)? {
        guard case .http2Failure(_, let phase, let detail) = error else {
            Issue.record("expected an HTTP/2 failure, got \(String(describing: error))")
            return nil
        }
        return (phase, detail)
    }

    @Test("TLS 1.0 and 1.1, RSA key exchange and CBC suites are out for HTTP/2; TLS 1.3 and ECDHE AEAD are in")
    func rules() {
        #expect(HTTP2TLSRequirements.violation(version: .v1_0, suite: 0xC02F)?.contains("TLSv1.0") == true)
        #expect(HTTP2TLSRequirements.violation(version: .v1_1, suite: 0xC02F)?.contains("TLSv1.1") == true)
        #expect(HTTP2TLSRequirements.violation(version: .v1_3, suite: 0x1301) == nil)
        for allowed: UInt16 in [0xC02B, 0xC02C, 0xC02F, 0xC030, 0xCCA8, 0xCCA9] {
            #expect(HTTP2TLSRequirements.violation(version: .v1_2, suite: allowed) == nil, "\(allowed)")
        }
        // ECDHE CBC (ATS allows them), RSA key exchange GCM and CBC, 3DES: all on RFC 7540's block list.
        for blocked: UInt16 in [0xC009, 0xC013, 0xC014, 0xC027, 0x009C, 0x009D, 0x002F, 0x000A] {
            let violation = HTTP2TLSRequirements.violation(version: .v1_2, suite: blocked)
            #expect(violation?.contains("block list") == true, "\(blocked)")
        }
    }

    @Test(
        "Under an exception for TLS 1.0 or 1.1, h2 is not offered: an s_server that would select it is spoken HTTP/1.1",
        arguments: [("-tls1", TLSProtocolVersion.v1_0), ("-tls1_1", TLSProtocolVersion.v1_1)])
    func legacyTLSFallsBackToHTTP1(flag: String, version: TLSProtocolVersion) async throws {
        var configuration = OpenSSLServerConfiguration(chain: try LabHTTP.pki.chain(.good), securityLevel: 0)
        configuration.extraArguments = [flag, "-alpn", "h2,http/1.1"]
        try await OpenSSLServer.withServer(configuration) { server in
            let url = "https://localhost:\(server.port)/"
            let exception = ATSExceptionDomain(minimumTLSVersion: version)
            let automatic = try Self.client(exception, version: .automatic)
            defer { automatic.shutdown() }
            let (response, body) = try await automatic.get(url)
            #expect(response.status == 200)
            #expect(response.connection.tlsVersion == version.rawValue)
            #expect(response.connection.negotiatedProtocol != "h2")
            #expect(String(decoding: body, as: UTF8.self).contains("s_server"))

            let http2Only = try Self.client(exception, version: .http2Only)
            defer { http2Only.shutdown() }
            let (phase, detail) = try #require(Self.http2Failure(await LabHTTP.failure(http2Only, url)))
            #expect(phase == .tlsHandshake)
            #expect(detail.hasPrefix("INADEQUATE_SECURITY: \(version.rawValue) was negotiated"), "\(detail)")
        }
    }

    @Test("Under NSExceptionRequiresForwardSecrecy NO, h2 is not offered; HTTP/2 only refuses RSA key exchange")
    func rsaKeyExchangeFallsBackToHTTP1() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try LabHTTP.pki.chain(.rsa2048), disablesTLS13: true)
        configuration.extraArguments = ["-cipher", "AES128-GCM-SHA256", "-alpn", "h2,http/1.1"]
        try await OpenSSLServer.withServer(configuration) { server in
            let url = "https://localhost:\(server.port)/"
            let exception = ATSExceptionDomain(requiresForwardSecrecy: false)
            let automatic = try Self.client(exception, version: .automatic)
            defer { automatic.shutdown() }
            let (response, _) = try await automatic.get(url)
            #expect(response.status == 200)
            #expect(response.connection.cipherSuite == "TLS_RSA_WITH_AES_128_GCM_SHA256")
            #expect(response.connection.negotiatedProtocol != "h2")

            let http2Only = try Self.client(exception, version: .http2Only)
            defer { http2Only.shutdown() }
            let (phase, detail) = try #require(Self.http2Failure(await LabHTTP.failure(http2Only, url)))
            #expect(phase == .tlsHandshake)
            #expect(detail.contains("INADEQUATE_SECURITY"), "\(detail)")
            #expect(detail.contains("TLS_RSA_WITH_AES_128_GCM_SHA256"), "\(detail)")
        }
    }

    @Test("A server that selects h2 over an ECDHE CBC suite (which ATS allows) is refused as INADEQUATE_SECURITY")
    func cbcSuiteRefused() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try LabHTTP.pki.chain(.rsa2048), disablesTLS13: true)
        configuration.extraArguments = ["-cipher", "ECDHE-RSA-AES128-SHA", "-alpn", "h2"]
        try await OpenSSLServer.withServer(configuration) { server in
            let client = try Self.client(nil, version: .automatic)
            defer { client.shutdown() }
            let error = await LabHTTP.failure(client, "https://localhost:\(server.port)/")
            let (phase, detail) = try #require(Self.http2Failure(error))
            #expect(phase == .tlsHandshake)
            #expect(detail.contains("INADEQUATE_SECURITY"), "\(detail)")
            #expect(detail.contains("TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA"), "\(detail)")
        }
    }
}
