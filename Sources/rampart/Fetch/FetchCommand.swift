import ArgumentParser
import Foundation
import NIOCore
import NIOHTTP1
import RampartHTTP
import RampartPolicy
import RampartSeal
import RampartTrust
import X509

/// `rampart fetch URL`: one request through the hardened client, body to standard output or a
/// file, every decision on standard error with `-v`.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch a URL with ATS, trust and pins enforced on every hop.",
        discussion: """
            The body goes to standard output (or -o FILE, written only when complete). With -v, the
            ATS decision, the TLS version and cipher, the validated chain with its pins, and every
            redirect go to standard error. HTTPS_PROXY/https_proxy, http_proxy and NO_PROXY are honoured.
            Exit codes: 0 the exchange completed, 1 blocked by ATS, trust or pins (the reason on
            standard error), 2 usage, 22 HTTP status 400 or above with --fail, 65 malformed --policy or
            --ca file, 66 missing input file, 73 cannot create the output, 74 network or protocol error
            (timeouts, limits, malformed responses).
            """)

    @Argument(help: "An https:// URL (http:// only where the ATS policy allows cleartext).")
    var url: String
    @Option(help: "An Info.plist (XML or binary) whose NSAppTransportSecurity policy applies.")
    var policy: String?
    @Option(help: "OS generation whose ATS rules apply: ios9, ios10 or ios17.")
    var os: ATSOSGeneration = .newest
    @Option(name: .customLong("pin"), help: "An SPKI pin (sha256/BASE64) for the URL's host; repeat for backups.")
    var pins: [String] = []
    @Option(help: "A PEM or DER file of extra trusted root certificates.")
    var ca: String?
    @Flag(help: "Trust only the --ca roots, not the system's.")
    var caOnly = false
    @Option(
        name: [.customShort("X"), .customLong("request")], help: "The request method (default GET, or POST with -d).")
    var method: String?
    @Option(name: [.customShort("H"), .customLong("header")], help: "A request header, 'Name: value'; repeatable.")
    var headers: [String] = []
    @Option(
        name: [.customShort("d"), .customLong("data")], help: "The request body: text, @FILE, or @- for standard input."
    )
    var data: String?
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: "Write the body to this file instead of standard output.")
    var output: String?
    @Flag(help: "Replace the -o file if it exists.")
    var force = false
    @Option(help: "The most response body bytes to accept (default 100 MiB).")
    var maxBytes: Int?
    @Option(help: "The most redirects to follow (default 10; 0 follows none).")
    var maxRedirects: Int?
    @Option(help: "Seconds the whole exchange may take (default 300).")
    var maxTime: Double?
    @Option(help: "Seconds to open the connection and finish the TLS handshake (default 10).")
    var connectTimeout: Double?
    @Option(help: "A proxy URL (http://[user:password@]host:port) instead of the environment's.")
    var proxy: String?
    @Flag(help: "Exit 22 without writing the body when the HTTP status is 400 or above.")
    var fail = false
    @Flag(
        name: [.customShort("i"), .customLong("include")],
        help: "Print the response status line and headers before the body.")
    var include = false
    @Flag(
        name: [.customShort("v"), .customLong("verbose")],
        help: "Print each decision and the TLS details on standard error.")
    var verbose = false

    func validate() throws {
        if let maxBytes, maxBytes < 0 { throw ValidationError("--max-bytes must be 0 or more") }
        if let maxRedirects, maxRedirects < 0 { throw ValidationError("--max-redirects must be 0 or more") }
        if let maxTime, maxTime <= 0 { throw ValidationError("--max-time must be more than 0") }
        if let connectTimeout, connectTimeout <= 0 { throw ValidationError("--connect-timeout must be more than 0") }
        if caOnly && ca == nil { throw ValidationError("--ca-only needs --ca FILE") }
    }

    func run() async throws {
        let request = try makeRequest()
        let configuration = try makeConfiguration(host: request.url.host ?? "")
        let client: HTTPClient
        do {
            client = try HTTPClient(configuration: configuration)
        } catch {
            // Only the policy's NSPinnedDomains can fail here (--pin was checked when parsed).
            throw CommandFailure("\(policy ?? "the ATS policy"): NSPinnedDomains: \(error)", status: .dataError)
        }
        defer { client.shutdown() }
        do {
            let response = try await client.execute(request)
            if verbose || include { describe(response) }
            if fail && response.status >= 400 {
                await response.body.discard()
                throw CommandFailure(
                    "the server answered HTTP \(response.status) \(response.reason)", status: .httpFailure)
            }
            try await FetchOutput.write(response, to: output, force: force, includeHead: include)
        } catch let error as HTTPClientError {
            throw CommandFailure(error.description, status: Self.status(for: error))
        }
    }

    static func status(for error: HTTPClientError) -> ExitStatus {
        if error.isPolicyOrTrust { return .policyViolation }
        switch error {
        case .invalidURL, .invalidProxyConfiguration: return .usage
        case .requestBodyFailed: return .noInput
        default: return .ioError
        }
    }

    private func makeRequest() throws -> HTTPRequest {
        guard let parsed = URL(string: url), parsed.scheme != nil, parsed.host != nil else {
            throw CommandFailure("\(url) is not an absolute http:// or https:// URL", status: .usage)
        }
        var request = HTTPRequest(
            url: parsed, method: HTTPMethod(rawValue: (method ?? (data == nil ? "GET" : "POST")).uppercased()))
        for header in headers {
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
                throw CommandFailure("-H \(header.prefix(40)): expected 'Name: value'", status: .usage)
            }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.contains(where: { $0.isWhitespace }), !value.contains(where: \.isNewline) else {
                throw CommandFailure(
                    "-H \(name): a header name has no spaces and a value no line breaks", status: .usage)
            }
            request.headers.add(name: name, value: value)
        }
        if let data {
            request.body = try FetchBody.make(data)
            if !request.headers.contains(name: "Content-Type") {
                request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            }
        }
        return request
    }

    private func makeConfiguration(host: String) throws -> HTTPClientConfiguration {
        var configuration = HTTPClientConfiguration()
        if let policy {
            let document = try ATSRuleOptions(os: os).load(policy, strict: true)
            configuration.policy = ATSPolicy(document.configuration, os: os)
        } else {
            configuration.policy = ATSPolicy(ATSConfiguration(), os: os)
        }
        if let ca {
            let roots: [Certificate]
            do {
                roots = try CertificateFile.read(URL(fileURLWithPath: ca))
            } catch {
                let missing = !FileManager.default.fileExists(atPath: ca)
                throw CommandFailure("--ca \(ca): \(error)", status: missing ? .noInput : .dataError)
            }
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
        if let maxBytes { configuration.limits.maxResponseBytes = maxBytes }
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
                configuration.proxy = ProxySettings(https: parsed, http: parsed)
            } else {
                configuration.proxy = try ProxySettings.fromEnvironment()
            }
        } catch {
            throw CommandFailure(error.description, status: .usage)
        }
        if verbose {
            configuration.onEvent = { event in
                Terminal.warn(event.description.split(separator: "\n").map { "* " + $0 }.joined(separator: "\n"))
            }
        }
        return configuration
    }

    private func describe(_ response: HTTPResponse) {
        guard verbose else { return }
        Terminal.warn("< HTTP/1.1 \(response.status) \(response.reason)")
        for (name, value) in response.headers { Terminal.warn("< \(name): \(value)") }
    }
}
