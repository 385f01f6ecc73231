import ArgumentParser
import Foundation
import RampartDiagnostics
import RampartPolicy
import RampartTrust
import X509

/// `rampart ats diagnose URL`: nscurl's `--ats-diagnostics` matrix against a live server, and
/// what nscurl does not say: the negotiated TLS, the served chain, the ATS certificate rules, CT,
/// the smallest exception and the fix on the server.
struct ATSDiagnoseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagnose",
        abstract: "Diagnose a live server against App Transport Security, as nscurl --ats-diagnostics does.",
        usage: "rampart ats diagnose [<options>] <url>",
        discussion: """
            Loads URL once per configuration of nscurl's matrix (the default, arbitrary loads, each \
            NSExceptionMinimumTLSVersion, forward secrecy off, insecure HTTP), each a real request through Rampart's \
            HTTPS client, several at a time. Then prints the served chain, the ATS certificate rules it breaks, \
            Certificate Transparency (with --ct-log-list), the smallest NSExceptionDomains entry that loads the URL \
            as a ready plist fragment, and the fix on the server. Local hosts are judged as if they were public \
            ones.

              rampart ats diagnose https://legacy.example.com/
              rampart ats diagnose https://intranet.corp:8443/ --ca corp-root.pem \\
                  --policy Info.plist

            Exit 0 when ATS's default configuration loads the URL (and the app's, with --policy), 1 when not (the \
            report says what would fix it), 2 usage (also a URL with credentials or a port outside 1…65535, refused \
            before any connection), 65 a file that is not a certificate, plist or log list, 66 a missing file, 74 \
            when the host cannot be reached or the diagnosis did not finish within --max-time (the error names what \
            was still running).
            """)

    @Argument(help: "The https:// (or http://) URL to diagnose.")
    var url: String
    @Option(
        name: .customLong("ca"), help: "Extra trusted roots (PEM or DER), e.g. a corporate root; repeatable.",
        transform: PathArgument.path)
    var caFiles: [String] = []
    @Option(
        help: "The app's Info.plist (or ATS dictionary): its own configuration is tried first, pins included.",
        transform: PathArgument.path)
    var policy: String?
    @Option(
        name: .customLong("ct-log-list"), help: "A CT log list (Chrome v3 or Apple v4 JSON); repeatable.",
        transform: PathArgument.path)
    var ctLogLists: [String] = []
    @Option(help: "Seconds each configuration may take (connection, handshake, response head; above 0, at most 3600).")
    var timeout: Double = 10
    @Option(
        name: .customLong("max-time"),
        help: "Seconds the whole diagnosis may take (0.1…3600, default 60); past it, exit 74 naming what still ran.",
        transform: BoundedOption.seconds())
    var maxTime: Double = 60
    @OptionGroup var output: FormatOptions

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600")
        }
        _ = try Self.target(url)
    }

    /// The URL to diagnose, or a usage error (2) before any work: not https:// or http://, no
    /// host, credentials, a port outside 1…65535. Messages never show the credentials.
    static func target(_ text: String) throws -> URL {
        guard let target = URL(string: text) else {
            let shown = ControlCharacterEscaping.sanitized(Endpoint.redacting(text))
            throw ValidationError(
                "'\(shown)' is not an https:// or http:// URL with a host; give one such as https://example.com/")
        }
        do {
            _ = try ATSDiagnostics.endpoint(of: target)
        } catch {
            throw ValidationError(ControlCharacterEscaping.sanitized(error.description))
        }
        return target
    }

    func run() async throws {
        let target = try Self.target(url)
        var diagnostics = ATSDiagnostics(
            timeout: .milliseconds(Int64(timeout * 1000)), maxTime: .milliseconds(Int64(maxTime * 1000)))
        let roots = try ExtraRoots.read(caFiles)
        if !roots.isEmpty { diagnostics.anchors = .systemPlus(roots) }
        if let policy {
            guard FileManager.default.fileExists(atPath: policy) else {
                throw CommandFailure("--policy \(policy): no such file", status: .noInput)
            }
            do {
                let document = try ATSDocument.load(contentsOf: URL(fileURLWithPath: policy))
                diagnostics.app = (document.configuration, (policy as NSString).lastPathComponent)
            } catch let error as PolicyError {
                throw CommandFailure("--policy: \(error)", status: ExitStatus(error))
            }
        }
        if !ctLogLists.isEmpty {
            let lists = try ctLogLists.map { try CTLogListFile.read($0, option: "--ct-log-list") }
            diagnostics.certificateTransparency = CertificateTransparencyChecker(logList: CTLogList.merged(lists))
        }
        let diagnosis: ATSDiagnosis
        do {
            diagnosis = try await diagnostics.diagnose(target)
        } catch {
            throw CommandFailure(
                ControlCharacterEscaping.sanitized(error.description) + FlagHint.hint(for: error),
                status: ExitStatus(error))
        }
        let report = ATSDiagnoseReport(diagnosis)
        switch output.format {
        case .text: try StandardOutput.write(Data(report.text(paint: Terminal.paint).utf8))
        case .json: try output.printJSON(report)
        }
        if !diagnosis.defaultPasses || diagnosis.appPasses == false {
            throw CommandFailure("", status: .policyViolation)
        }
    }
}
