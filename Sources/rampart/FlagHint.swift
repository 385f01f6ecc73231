import RampartDiagnostics
import RampartHTTP

/// The command line's hint after a library failure: the flag that changes the outcome. Libraries
/// say what is wrong in their own terms and name no flag; commands append these.
enum FlagHint {
    /// For a probe failure, in a command with `--timeout` and, when `serverName` is set, `--server-name`.
    static func hint(for failure: ServedChainProbe.Failure, serverName: Bool) -> String {
        switch failure {
        case .noAnswer, .handshakeTimedOut: " (--timeout SECONDS waits longer)"
        case .closedDuringHandshake: serverName ? " (--server-name NAME sends another name)" : ""
        default: ""
        }
    }

    /// For an ATS diagnostics failure in `rampart ats diagnose`.
    static func hint(for error: ATSDiagnosticsError) -> String {
        switch error {
        case .timedOut: " (--max-time SECONDS allows more; --timeout SECONDS bounds each configuration)"
        default: ""
        }
    }

    /// For an HTTP client failure in `rampart fetch`.
    static func hint(for error: HTTPClientError) -> String {
        switch error {
        case .responseTooLarge: " (--max-bytes)"
        case .contentDecodingFailed(_, let detail) where detail.contains("maxResponseBytes"): " (--max-bytes)"
        case .requestBodyTooLarge: " (--max-upload-bytes)"
        default: ""
        }
    }
}
