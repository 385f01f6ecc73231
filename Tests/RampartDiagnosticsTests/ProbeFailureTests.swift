import NIOCore
import RampartPolicy
import RampartTestKit
import RampartTrust
import RampartTrustNIO
import Testing

@testable import RampartDiagnostics

/// What the probe says about servers that do not complete a TLS handshake.
@Suite("Served chain probe failures")
struct ProbeFailureTests {
    func failure(_ script: LabScriptedPeer.Script, timeout: TimeAmount = .seconds(60)) async throws
        -> ServedChainProbe.Failure
    {
        try await LabScriptedPeer.with(script) { port in
            do {
                _ = try await ServedChainProbe.fetchDER(try Endpoint(host: "127.0.0.1", port: port), timeout: timeout)
                Issue.record("the probe returned a chain")
                throw CancellationError()
            } catch let failure as ServedChainProbe.Failure {
                return failure
            }
        }
    }

    /// Messages users see never carry BoringSSL's build paths or packed error numbers.
    func expectReadable(_ text: String) {
        #expect(!text.contains(".build") && !text.contains(".cc:"), "\(text)")
        #expect(!text.contains("error:"), "\(text)")
        #expect(!text.contains("BoringSSL"), "\(text)")
    }

    @Test("a server that accepts and never answers: no TLS answer within the timeout, not \"End of file\"")
    func silent() async throws {
        let failure = try await failure(.silent, timeout: .milliseconds(700))
        guard case .noAnswer(let endpoint, let seconds) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(endpoint.host.name == "127.0.0.1")
        #expect(seconds == "0.7 seconds")
        #expect(failure.description.contains("accepted the TCP connection but sent no TLS answer within 0.7 seconds"))
        #expect(failure.description.contains("is it a TLS port"))
        expectReadable(failure.description)
    }

    @Test("a server that closes at once: closed the connection during the TLS handshake")
    func closes() async throws {
        let failure = try await failure(.closeAtOnce)
        guard case .closedDuringHandshake = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(failure.description.contains("closed the connection during the TLS handshake"))
        expectReadable(failure.description)
    }

    @Test("a plaintext HTTP server: answered with something that is not TLS")
    func plaintextHTTP() async throws {
        let failure = try await failure(.http)
        guard case .notTLS(_, let answer) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(answer == "an HTTP response: \"HTTP/1.1 400 Bad Request\"")
        #expect(failure.description.contains("answered with something that is not TLS"))
        expectReadable(failure.description)
    }

    @Test("a TLS alert is named in words, without BoringSSL's codes and paths")
    func alert() async throws {
        // A fatal handshake_failure alert (TLS 1.2 record), as a server with nothing in common sends.
        let failure = try await failure(.send([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28]))
        guard case .handshake(_, let reason) = failure else {
            Issue.record("\(failure)")
            return
        }
        #expect(reason.contains("handshake failure"), "\(reason)")
        expectReadable(failure.description)
    }

    @Test("an SSH banner is shown as what the server sent")
    func otherProtocol() async throws {
        let failure = try await failure(.send(Array("SSH-2.0-OpenSSH_9.2p1 Debian\r\n".utf8)))
        #expect(failure.description.contains("it sent \"SSH-2.0-OpenSSH_9.2p1 Debian\""), "\(failure)")
    }

    @Test(
        "BoringSSL reason codes become words",
        arguments: [
            (
                "NIOSSLError.handshakeFailed(BoringSSLError.sslError([Error: 268435703 error:100000f7:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER at /src/.build/checkouts/swift-nio-ssl/Sources/CNIOBoringSSL/ssl/tls_record.cc:231]))",
                "the peer answered with something that is not TLS (wrong version number)"
            ),
            (
                "sslError([Error: 268436496 error:10000410:SSL routines:OPENSSL_internal:SSLV3_ALERT_HANDSHAKE_FAILURE at /x/y.cc:1, Error: 1 error:10000412:SSL routines:OPENSSL_internal:SSLV3_ALERT_BAD_CERTIFICATE at /x/y.cc:2])",
                "the peer refused the handshake (alert \u{201C}handshake failure\u{201D}: no cipher suite, group or signature scheme in common?); the peer sent the TLS alert \u{201C}bad certificate\u{201D}"
            ),
            (
                "error:1000009c:SSL routines:OPENSSL_internal:HTTP_REQUEST at /a.cc:9",
                "the peer sent an HTTP request, not TLS"
            ),
            ("error:100000b8:SSL routines:OPENSSL_internal:NO_SHARED_GROUP", "no key-exchange group in common"),
            ("error:10000099:SSL routines:OPENSSL_internal:BAD_ECC_CERT_X", "bad ecc cert x"),
        ])
    func reasons(text: String, expected: String) {
        struct Opaque: Error, CustomStringConvertible { var description: String }
        let described = TLSErrorDescription.describe(Opaque(description: text))
        #expect(described == expected)
        expectReadable(described)
    }

    @Test("socket and channel errors read as the system says them")
    func systemErrors() {
        #expect(TLSErrorDescription.describe(IOError(errnoCode: 111, reason: "connect")) == "connection refused")
        #expect(TLSErrorDescription.describe(ChannelError.eof) == "the peer closed the connection")
        #expect(
            TLSErrorDescription.describe(ChannelError.connectTimeout(.seconds(3)))
                == "no answer to the TCP connection within 3 seconds")
    }
}
