import ArgumentParser
import RampartPolicy
import RampartTrust

/// `rampart fetch URL`: one request through the hardened client, body to standard output or a
/// file, every decision on standard error with `-v`. The options are declared here, for
/// ArgumentParser's usage, help and errors; ``FetchInvocation`` checks and runs them.
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
        transform: BoundedOption.integer(FetchInvocation.byteLimits))
    var maxUploadBytes: Int?
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: "Write the body to this file instead of standard output.", transform: PathArgument.path)
    var output: String?
    @Flag(help: "Replace the -o file if it exists.")
    var force = false
    @Option(
        help: "The most response body bytes to accept (0…1099511627776, default 100 MiB).",
        transform: BoundedOption.integer(FetchInvocation.byteLimits))
    var maxBytes: Int?
    @Option(
        help: "The most redirects to follow (0…50, default 10; 0 follows none).",
        transform: BoundedOption.integer(FetchInvocation.redirectLimits))
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

    /// The options' values, which ``FetchInvocation`` checks and runs.
    var invocation: FetchInvocation {
        FetchInvocation(
            url: url,
            policy: policy,
            os: os,
            pins: pins,
            ca: ca,
            caOnly: caOnly,
            method: method,
            headers: headers,
            data: data,
            maxUploadBytes: maxUploadBytes,
            output: output,
            force: force,
            maxBytes: maxBytes,
            maxRedirects: maxRedirects,
            maxTime: maxTime,
            connectTimeout: connectTimeout,
            proxy: proxy,
            proxyCredentialsFile: proxyCredentialsFile,
            fail: fail,
            http1Only: http1Only,
            http2Only: http2Only,
            compressed: compressed,
            head: head,
            location: location,
            include: include,
            verbose: verbose,
            ctLogLists: ctLogLists,
            ctPolicy: ctPolicy,
            format: format,
            clientIdentity: clientIdentity.values)
    }

    func validate() throws { try invocation.validate() }

    func run() async throws { try await invocation.run() }
}
