import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import RampartHTTP
import RampartIO
import RampartPolicy
import RampartTrust
import X509

/// What one `rampart fetch` was asked to do, checked and run: the values of ``FetchCommand``'s
/// options, read by ArgumentParser or, for the plain command lines, by
/// ``init(plain:)`` without ArgumentParser's start-up cost. Each property is the option of the
/// same name in ``FetchCommand``, with the same default.
///
/// ```swift
/// var fetch = FetchInvocation(url: "https://example.com/")
/// fetch.output = "page.html"
/// try fetch.validate()
/// try await fetch.run()
/// ```
struct FetchInvocation: Equatable {
    var url: String
    var policy: String? = nil
    var os: ATSOSGeneration = .ios17
    var pins: [String] = []
    var ca: String? = nil
    var caOnly: Bool = false
    var method: String? = nil
    var headers: [String] = []
    var data: String? = nil
    var maxUploadBytes: Int? = nil
    var output: String? = nil
    var force: Bool = false
    var maxBytes: Int? = nil
    var maxRedirects: Int? = nil
    var maxTime: Double? = nil
    var connectTimeout: Double? = nil
    var proxy: String? = nil
    var proxyCredentialsFile: String? = nil
    var fail: Bool = false
    var http1Only: Bool = false
    var http2Only: Bool = false
    var compressed: Bool = false
    var head: Bool = false
    var location: Bool = false
    var include: Bool = false
    var verbose: Bool = false
    var ctLogLists: [String] = []
    var ctPolicy: CTComplianceRules = .apple
    var format: OutputFormat = .text
    var clientIdentity = FetchClientIdentity()

    func validate() throws {
        if let maxBytes, maxBytes < 0 { throw ValidationError("--max-bytes must be 0 or more") }
        if let maxRedirects, maxRedirects < 0 { throw ValidationError("--max-redirects must be 0 or more") }
        if let maxUploadBytes, maxUploadBytes < 0 { throw ValidationError("--max-upload-bytes must be 0 or more") }
        for (flag, seconds) in [("--max-time", maxTime), ("--connect-timeout", connectTimeout)] {
            guard let seconds else { continue }
            guard seconds.isFinite, seconds > 0, seconds <= Self.longestTimeout else {
                throw ValidationError("\(flag) takes seconds, more than 0 and at most \(Int(Self.longestTimeout))")
            }
        }
        if caOnly && ca == nil { throw ValidationError("--ca-only needs --ca FILE") }
        if format == .json, output == nil || output == "-", !head || include {
            throw ValidationError(
                "--format json prints the exchange as JSON on standard output: write the body with -o FILE "
                    + "(with -I there is no body)")
        }
        if head && (data != nil || method != nil) {
            throw ValidationError("-I (--head) sends a HEAD request: it cannot be used with -d or -X")
        }
        if http1Only && http2Only {
            throw ValidationError("--http1.1 and --http2 cannot be used together: choose one HTTP version, or neither")
        }
        // Where to connect is checked before any file is read or connection made: a port outside
        // 1…65535, credentials or no host is a usage error, the URL shown without its password.
        if let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "https" || scheme == "http"
        {
            do {
                _ = try Endpoint(url: parsed)
            } catch {
                let shown = ControlCharacterEscaping.sanitized(Endpoint.redacting(url))
                throw ValidationError("\(shown) is not a usable URL: \(error)")
            }
        }
    }

    func run() async throws {
        let request = try makeRequest()
        let log = format == .json ? FetchEventLog() : nil
        var configuration = try makeConfiguration(host: request.url.host ?? "", log: log)
        if let identity = try clientIdentity.identity() {
            do throws(HTTPClientError) {
                try configuration.setClientIdentity(identity, for: request.url)
            } catch {
                throw CommandFailure("--cert: \(error.description)", status: .usage)
            }
            if verbose {
                Terminal.warn(
                    "* client certificate for \(request.url.host ?? ""): "
                        + ControlCharacterEscaping.sanitized("\(identity.subject) (\(identity.privateKey.kind) key)"))
            }
        }
        let client: HTTPClient
        do {
            client = try HTTPClient(configuration: configuration)
        } catch let error as TrustError {
            // Only the policy's NSPinnedDomains can fail here (--pin was checked when parsed).
            throw CommandFailure(
                "\(policy ?? "the ATS policy"): NSPinnedDomains: \(error)", status: ExitStatus(readingFile: error))
        }
        defer { client.shutdown() }
        do {
            let response = try await client.execute(request)
            if verbose || include { describe(response) }
            if fail && response.status >= 400 {
                await response.body.discard()
                let message = "the server answered HTTP \(response.status) \(response.reason)"
                try printReport(log, request, response: response, bodyBytes: nil, error: message)
                throw CommandFailure(message, status: .httpFailure)
            }
            let bodyBytes = try await FetchOutput.write(
                response, to: output, force: force, includeHead: include || (head && log == nil))
            try printReport(log, request, response: response, bodyBytes: bodyBytes, error: nil)
        } catch let error as HTTPClientError {
            try printReport(log, request, response: nil, bodyBytes: nil, error: error.description)
            throw CommandFailure(
                ControlCharacterEscaping.sanitized(error.description + FlagHint.hint(for: error)),
                status: ExitStatus(error))
        }
    }

    /// `--format json`: the exchange as `FetchReport`, from the client's events and the response.
    private func printReport(
        _ log: FetchEventLog?, _ request: HTTPRequest, response: HTTPResponse?, bodyBytes: Int?, error: String?
    ) throws {
        guard let log else { return }
        var report = FetchReport(
            url: Endpoint.redacting(url), method: request.method.rawValue,
            pins: pins.compactMap { try? SPKIPin(parsing: $0).description }, events: log.events)
        if let response { report.add(response) }
        if let bodyBytes, !head {
            report.output = output
            report.bodyBytes = bodyBytes
        }
        report.error = error
        try StandardOutput.json(report)
    }

    /// The longest timeout accepted: about 11.6 days.
    static let longestTimeout = 1_000_000.0

    /// The range of `--max-bytes` and `--max-upload-bytes`: up to 1 TiB.
    static let byteLimits = 0...(1 << 40)

    /// The range of `--max-redirects`.
    static let redirectLimits = 0...50

    private func makeRequest() throws -> HTTPRequest {
        guard let parsed = URL(string: url), parsed.scheme != nil, parsed.host != nil else {
            throw CommandFailure(
                "\(ControlCharacterEscaping.sanitized(Endpoint.redacting(url))) is not an absolute http:// or https:// URL",
                status: .usage)
        }
        var request = HTTPRequest(
            url: parsed,
            method: HTTPMethod(rawValue: (method ?? (head ? "HEAD" : data == nil ? "GET" : "POST")).uppercased()))
        for (name, value) in try FetchHeaders.parse(headers) { request.headers.add(name: name, value: value) }
        if let data {
            request.body = try FetchBody.make(data)
            if !request.headers.contains(name: "Content-Type") {
                request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            }
        }
        return request
    }

    private func makeConfiguration(host: String, log: FetchEventLog?) throws -> HTTPClientConfiguration {
        var configuration = HTTPClientConfiguration()
        if let policy {
            let document = try ATSRuleOptions(os: os).load(policy, strict: true)
            configuration.policy = ATSPolicy(document.configuration, os: os)
        } else {
            configuration.policy = ATSPolicy(ATSConfiguration(), os: os)
        }
        if let ca {
            let roots = try ExtraRoots.read([ca])
            configuration.anchors = caOnly ? .only(roots) : .systemPlus(roots)
        }
        if !pins.isEmpty {
            do {
                let parsed = try pins.map { PinnedHost.ScopedPin(try SPKIPin(parsing: $0)) }
                configuration.pinning = [try PinnedHost(domain: host, pins: parsed, requiresBackupPin: false)]
            } catch {
                throw CommandFailure("--pin: \(error)", status: .usage)
            }
        }
        configuration.httpVersion = http2Only ? .http2Only : http1Only ? .http1Only : .automatic
        if let maxBytes { configuration.limits.maxResponseBytes = maxBytes }
        configuration.decompression = compressed
        if let maxUploadBytes { configuration.limits.maxStreamedRequestBytes = maxUploadBytes }
        if let maxRedirects {
            configuration.limits.maxRedirects = maxRedirects
            configuration.followsRedirects = maxRedirects > 0
        }
        if let maxTime { configuration.timeouts.total = .milliseconds(Int64(maxTime * 1000)) }
        if let connectTimeout {
            configuration.timeouts.connect = .milliseconds(Int64(connectTimeout * 1000))
            configuration.timeouts.tlsHandshake = .milliseconds(Int64(connectTimeout * 1000))
        }
        do {
            if let proxy {
                let parsed = try HTTPProxy(url: proxy)
                if parsed.password != nil {
                    Terminal.warn(
                        "rampart: warning: the proxy password on the command line is visible to every user of this "
                            + "machine; use --proxy-credentials-file or the https_proxy variable")
                }
                configuration.proxy = ProxySettings(https: parsed, http: parsed)
            } else {
                configuration.proxy = try ProxySettings.fromEnvironment()
            }
        } catch {
            throw CommandFailure(error.description, status: .usage)
        }
        if let proxyCredentialsFile {
            configuration.proxy = try withCredentials(configuration.proxy, proxyCredentialsFile)
        }
        if !ctLogLists.isEmpty {
            configuration.certificateTransparency = CertificateTransparencyChecker(
                logList: CTLogList.merged(try ctLogLists.map { try CTLogListFile.read($0, option: "--ct-log-list") }),
                policy: ctPolicy)
        }
        if verbose || log != nil {
            let checksTransparency = configuration.certificateTransparency != nil
            let verbose = verbose
            configuration.onEvent = { event in
                log?.record(event)
                guard verbose else { return }
                var lines = event.description.split(separator: "\n").map(String.init)
                if case .trustDecision(_, let decision) = event, checksTransparency {
                    lines += Self.transparencyLines(decision)
                }
                if case .connected(let info) = event, info.tlsVersion != nil {
                    // As curl says it.
                    lines.append(
                        info.negotiatedProtocol.map { "ALPN: server accepted \($0)" }
                            ?? "ALPN: server did not agree on a protocol. Uses default.")
                }
                Terminal.warn(lines: lines.map { "* " + $0 })
            }
        }
        return configuration
    }

    /// `settings` with the user and password of `path`'s first line (`user:password`).
    private func withCredentials(_ settings: ProxySettings, _ path: String) throws -> ProxySettings {
        guard settings.hasProxy else {
            throw CommandFailure("--proxy-credentials-file needs a proxy (--proxy or https_proxy)", status: .usage)
        }
        let line: String
        do {
            line = try PassphraseFile.read(path: path)
        } catch {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw CommandFailure(
                "--proxy-credentials-file \(path): \(error.description)", status: missing ? .noInput : .dataError)
        }
        do throws(HTTPClientError) {
            return settings.applying(try ProxyCredentials(line: line))
        } catch {
            guard case .invalidProxyConfiguration(let detail) = error else { throw error }
            throw CommandFailure("--proxy-credentials-file \(path): \(detail)", status: .dataError)
        }
    }

    /// The CT decision the handshake made, one line per SCT and the policy's outcome (for `-v`):
    /// read from the trust decision, never checked a second time.
    static func transparencyLines(_ decision: TrustDecision) -> [String] {
        guard let transparency = decision.transparency else {
            guard decision.verdict != .rejected else { return [] }
            return [
                "CT: not checked: the chain ends at a root given with --ca (exempt unless ATS requires CT for the host)"
            ]
        }
        return transparency.lines.map { "CT: " + $0 }
    }

    private func describe(_ response: HTTPResponse) {
        guard verbose else { return }
        Terminal.warn("< " + FetchOutput.statusLine(response))
        for (name, value) in response.headers { Terminal.warn("< \(name): \(value)") }
    }
}
