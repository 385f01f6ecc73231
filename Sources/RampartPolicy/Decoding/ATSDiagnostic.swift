/// Something the decoder noticed in an ATS dictionary, with the key path it concerns.
///
/// ```swift
/// for diagnostic in result.diagnostics where diagnostic.severity == .error {
///     print(diagnostic)   // "error: NSAppTransportSecurity.NSAllowsArbitraryLoads: expected a Boolean …"
/// }
/// ```
public struct ATSDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious it is.
    public enum Severity: String, Sendable, Codable {
        /// The value cannot mean what its author intended (wrong type, unparsable); ATS would
        /// ignore it, and Rampart refuses to decide on such a policy.
        case error
        /// A key ATS does not know, or a legacy spelling.
        case warning
    }

    public var severity: Severity
    /// Where, as dotted keys from the top of the document (`NSAppTransportSecurity.NSExceptionDomains.example.com`).
    public var keyPath: String
    /// What is wrong and what to do.
    public var message: String

    public var description: String { "\(severity.rawValue): \(keyPath): \(message)" }
}
