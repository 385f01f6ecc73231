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
        /// The value cannot mean what its author intended (wrong type, unparsable): ATS ignores it
        /// and decides with the rest, as Rampart's lenient loading does; strict loading
        /// (``ATSDocument/loadStrictly(contentsOf:)``) refuses the document.
        case error
        /// A key ATS does not know, or a legacy spelling.
        case warning
    }

    public var severity: Severity
    /// Where, as dotted keys from the top of the document (`NSAppTransportSecurity.NSExceptionDomains.example.com`).
    public var keyPath: String
    /// What is wrong and what to do.
    public var message: String
    /// For a value of the wrong type or form: what ATS expects there ("a Boolean", "a string",
    /// "a dictionary", "a TLS version (TLSv1.0 to TLSv1.3)", …); `nil` for other diagnostics.
    public var expected: String?
    /// For a value of the wrong type or form: what the document holds ("the string 'YES'").
    public var found: String?

    /// A diagnostic; `expected` and `found` describe a value ATS ignores.
    ///
    /// ```swift
    /// ATSDiagnostic(
    ///     severity: .error, keyPath: "NSAppTransportSecurity.NSAllowsArbitraryLoads",
    ///     message: "expected a Boolean, found the string 'YES'", expected: "a Boolean", found: "the string 'YES'")
    /// ```
    public init(
        severity: Severity, keyPath: String, message: String, expected: String? = nil, found: String? = nil
    ) {
        self.severity = severity
        self.keyPath = keyPath
        self.message = message
        self.expected = expected
        self.found = found
    }

    public var description: String { "\(severity.rawValue): \(keyPath): \(message)" }
}
