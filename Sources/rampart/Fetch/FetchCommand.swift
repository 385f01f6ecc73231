import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import RampartHTTP
import RampartIO
import RampartPolicy
import RampartTrust
import X509

/// `rampart fetch URL`: one request through the hardened client, body to standard output or a
/// file, every decision on standard error with `-v`.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch a URL with ATS, trust and pins enforced on every hop.",
        discussion: """
            The body goes to standard output (or -o FILE, written only when complete). With -v, the ATS decision, \
            the TLS version and cipher, the protocol selected by ALPN, the validated chain with its pins, and every \
            redirect go to standard error. HTTP/2 is spoken when the server selects it (--http2: only HTTP/2, \
            --http1.1: only HTTP/1.1). HTTPS_PROXY/https_proxy, http_proxy and NO_PROXY are honoured.

            Redirects are always followed (-L is accepted and changes nothing); -I sends HEAD and prints the \
            headers; --compressed asks for gzip or deflate and decodes it within the limits.

            Secrets never belong on the command line (every user can read it): put headers such as Authorization in \
            a file (-H @FILE), the body in a file (-d @FILE, or -d @- from standard input), and proxy credentials in \
            https_proxy or --proxy-credentials-file.

            Exit codes: 0 the exchange completed, 1 blocked by ATS, trust or pins (the reason on standard error), 2 \
            usage (also a URL whose port is outside 1…65535 or that carries credentials, refused before any \
            connection), 22 HTTP status 400 or above with --fail, 65 malformed --policy, --ca, --cert or --key file \
            (also an encrypted key, or a key that is not the certificate's), 66 missing input file, 73 cannot \
            create the output, 74 network or protocol error (timeouts, limits, malformed responses).
            """)

    @Argument(help: "An https:// URL (http:// only where the ATS policy allows cleartext).")
    var url: String
    @Option(
        help: "An Info.plist (XML or binary) whose NSAppTransportSecurity policy applies.",
        transform: PathArgument.path)
    var policy: String?
    @Option(
        help: """
            OS generation whose ATS rules apply: ios9, ios10, ios17 or ios18.4. The default, ios17, applies \
            ATS to local hosts too (as the library's client does); ios18.4 exempts them, as iOS does today.
            """)
    var os: ATSOSGeneration = .ios17
    @Option(name: .customLong("pin"), help: "An SPKI pin (sha256/BASE64) for the URL's host; repeat for backups.")
    var pins: [String] = []
    @Option(help: "A PEM or DER file of extra trusted root certificates.", transform: PathArgument.path)
    var ca: String?
    @Flag(help: "Trust only the --ca roots, not the system's.")
    var caOnly = false
    @Option(
        name: [.customShort("X"), .customLong("request")], help: "The request method (default GET, or POST with -d).")
    var method: String?
    @Option(
        name: [.customShort("H"), .customLong("header")],
        help: "A request header, 'Name: value', or @FILE with one header a line (for secrets); repeatable.",
        transform: PathArgument.pathAfterAt)
    var headers: [String] = []
    @Option(
        name: [.customShort("d"), .customLong("data")],
        help: "The request body: text, @FILE, or @- for standard input (streamed, chunked).",
        transform: PathArgument.pathAfterAt)
    var data: String?
    @Option(
        help: "The most bytes a body of unknown length (-d @-, a pipe) may send (0…1099511627776, default 100 MiB).",
        transform: BoundedOption.integer(0...(1 << 40)))
    var maxUploadBytes: Int?
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: "Write the body to this file instead of standard output.", transform: PathArgument.path)
    var output: String?
    @Flag(help: "Replace the -o file if it exists.")
    var force = false
    @Option(
        help: "The most response body bytes to accept (0…1099511627776, default 100 MiB).",
        transform: BoundedOption.integer(0...(1 << 40)))
    var maxBytes: Int?
    @Option(
        help: "The most redirects to follow (0…50, default 10; 0 follows none).",
        transform: BoundedOption.integer(0...50))
    var maxRedirects: Int?
    @Option(help: "Seconds the whole exchange may take (above 0, at most 1000000; default 300).")
    var maxTime: Double?
    @Option(help: "Seconds to open the connection and finish the TLS handshake (above 0, at most 1000000; default 10).")
    var connectTimeout: Double?
    @Option(help: "A proxy URL (http://host:port) instead of the environment's.")
    var proxy: String?
    @Option(
        help: "A file whose first line is the proxy's 'user:password' (kept off the command line).",
        transform: PathArgument.path)
    var proxyCredentialsFile: String?
    @Flag(help: "Exit 22 without writing the body when the HTTP status is 400 or above.")
    var fail = false
    @Flag(name: .customLong("http1.1"), help: "Speak HTTP/1.1 only (offer only http/1.1 by ALPN).")
    var http1Only = false
    @Flag(
        name: .customLong("http2"),
        help: "Speak HTTP/2 only (offer only h2 by ALPN); fails when the server does not select h2.")
    var http2Only = false
    @Flag(
        help: """
            Ask for a compressed response (Accept-Encoding: gzip, deflate) and decode it, bounded by \
            --max-bytes on the decoded bytes and a 100:1 expansion ratio (a decompression bomb fails with exit 74). \
            A gzip or deflate response to your own -H 'Accept-Encoding: …' is decoded too.
            """)
    var compressed = false
    @Flag(
        name: [.customShort("I"), .customLong("head")],
        help: "Send a HEAD request and print the response status line and headers (no body).")
    var head = false
    @Flag(
        name: [.customShort("L"), .customLong("location")],
        help: "Accepted for curl's habit: redirects are always followed (up to --max-redirects, each hop checked).")
    var location = false
    @Flag(
        name: [.customShort("i"), .customLong("include")],
        help: "Print the response status line and headers before the body.")
    var include = false
    @Flag(
        name: [.customShort("v"), .customLong("verbose")],
        help: "Print each decision and the TLS details on standard error.")
    var verbose = false
    @Option(
        name: .customLong("ct-log-list"),
        help:
            "A CT log list (Chrome v3 or Apple v4 JSON); repeatable. Certificate Transparency is then enforced as Apple does.",
        transform: PathArgument.path)
    var ctLogLists: [String] = []
    @Option(help: "The CT policy with --ct-log-list: apple or chrome.")
    var ctPolicy: CTComplianceRules = .apple
    @Option(
        help: """
            text, or json: the exchange (what -v shows: ATS, connection, trust, redirects, status, headers) as one \
            JSON object on standard output; the body then goes to -o FILE.
            """)
    var format: OutputFormat = .text
    @OptionGroup(title: "Client certificate (mutual TLS)")
    var clientIdentity: FetchClientIdentityOptions

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
