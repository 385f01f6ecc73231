import Foundation
import NIOHTTP1
import RampartHTTP
import RampartPolicy
import RampartTrust

/// `rampart fetch --format json`: what `-v` prints, as one JSON object on standard output (the body goes to
/// `-o FILE`, so the two never mix). Every hop's ATS decision, connection (TLS version, cipher, ALPN) and trust
/// decision (verdict, reasons, validated chain with pins, pin mismatch, CT), the redirects, the response's
/// status and headers, the body's size, and the error when the exchange failed. Request headers and bodies are
/// never included (they may hold secrets). Schema: `docs/schemas/fetch.schema.json`.
struct FetchReport: Encodable {
    struct Connection: Encodable {
        var host: String
        var port: Int
        var remoteAddress: String
        var proxy: String?
        var tlsVersion: String?
        var cipherSuite: String?
        /// The protocol the server selected by ALPN (`h2`, `http/1.1`), or `null`.
        var alpn: String?
        var httpVersion: String
        var reused: Bool
    }

    struct Trust: Encodable {
        var host: String
        var port: Int
        var verdict: String
        var failures: [String]
        var warnings: [String]
        var chain: [ChainCertificateReport]
        var pinMismatch: String?
        var ct: CTCheckReport?
    }

    struct Redirect: Encodable {
        var status: Int
        var from: String
        var to: String
    }

    struct Decoded: Encodable {
        var coding: String
        var encodedBytes: Int
        var decodedBytes: Int
    }

    struct Header: Encodable {
        var name: String
        var value: String
    }

    var url: String
    var method: String
    /// The `--pin` values, as `sha256/BASE64`.
    var pins: [String]
    var ats: [ATSDecision] = []
    var connections: [Connection] = []
    var trust: [Trust] = []
    var redirects: [Redirect] = []
    var decoded: Decoded?
    /// The URL that answered (the last hop); absent when no response came.
    var finalURL: String?
    var status: Int?
    var reason: String?
    var httpVersion: String?
    var headers: [Header]?
    /// Where the body went (`-o FILE`); absent for `-I` and when no response came.
    var output: String?
    var bodyBytes: Int?
    /// Why the exchange failed (the message on standard error); absent when it completed.
    var error: String?

    init(url: String, method: String, pins: [String], events: [HTTPClientEvent]) {
        self.url = url
        self.method = method
        self.pins = pins
        for event in events {
            switch event {
            case .policyDecision(let decision):
                ats.append(decision)
            case .connected(let info):
                connections.append(
                    Connection(
                        host: info.host, port: info.port, remoteAddress: info.remoteAddress, proxy: info.proxy,
                        tlsVersion: info.tlsVersion, cipherSuite: info.cipherSuite, alpn: info.negotiatedProtocol,
                        httpVersion: info.httpVersion, reused: info.reused))
            case .trustDecision(let endpoint, let decision):
                trust.append(
                    Trust(
                        host: endpoint.host.name, port: endpoint.port, verdict: decision.verdict.rawValue,
                        failures: decision.failures.map(\.description), warnings: decision.warnings.map(\.description),
                        chain: decision.validatedChain.compactMap {
                            try? ChainCertificateReport(CertificateSummary($0))
                        },
                        pinMismatch: decision.pinMismatch?.description,
                        ct: decision.transparency.map(CTCheckReport.init)))
            case .redirect(let status, let from, let to):
                redirects.append(Redirect(status: status, from: from.absoluteString, to: to.absoluteString))
            case .decoded(let coding, let encoded, let decodedBytes):
                decoded = Decoded(coding: coding, encodedBytes: encoded, decodedBytes: decodedBytes)
            case .connecting, .reusingConnection, .reportQueued, .reportFailed:
                continue
            }
        }
    }

    /// Adds the response's status line and headers.
    mutating func add(_ response: HTTPResponse) {
        finalURL = response.url.absoluteString
        status = response.status
        reason = response.reason
        httpVersion = response.connection.httpVersion
        headers = response.headers.map { Header(name: $0.name, value: $0.value) }
    }
}
