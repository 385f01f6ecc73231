import Foundation

/// A policy read from a file as the system reads an app's `Info.plist`: a value of the wrong type
/// or form (`<string>YES</string>` for a Boolean, an unknown TLS version, a malformed pin, an
/// exception entry that is not a dictionary) is ignored, the decision is made with the rest, and
/// each ignored value is listed in ``ignoredValues`` so the caller can warn about it.
///
/// Apple's ATS code does the same: `sec_protocol_configuration_set_ats_overrides` in
/// `protocol/SecProtocolConfiguration.m` (apple-oss-distributions/Security, from
/// `Security-61439.120.27` on) logs "App Transport Security value for key … must be a boolean"
/// (or "a string") and keeps the key's default. To refuse such a file instead, use
/// ``ATSPolicy/init(contentsOf:os:)`` or ``ATSDocument/loadStrictly(contentsOf:)``.
///
/// ```swift
/// let loaded = try ATSLoadedPolicy(contentsOf: URL(fileURLWithPath: "Info.plist"))
/// for value in loaded.ignoredValues {
///     print("warning: \(value.keyPath): expected \(value.expected ?? "?"), found \(value.found ?? "?")")
/// }
/// let decision = try loaded.policy.requirements(for: URL(string: "http://vpn.example.com/")!)
/// ```
public struct ATSLoadedPolicy: Sendable {
    /// The decisions, made without the ignored values.
    public let policy: ATSPolicy
    /// The document the policy came from, with every diagnostic.
    public let document: ATSDocument

    /// The values the system ignores, in document order (``ATSDocument/ignoredValues``).
    public var ignoredValues: [ATSDiagnostic] { document.ignoredValues }

    /// Reads an `Info.plist`, a bare ATS dictionary (XML or binary plist) or JSON.
    ///
    /// - Throws: the errors of ``ATSDocument/load(contentsOf:)`` (missing, unreadable, not a
    ///   property list, not a dictionary); never for ignored values.
    public init(contentsOf url: URL, os: ATSOSGeneration = .newest) throws {
        self.init(try ATSDocument.load(contentsOf: url), os: os)
    }

    /// The policy of an already loaded document.
    public init(_ document: ATSDocument, os: ATSOSGeneration = .newest) {
        self.document = document
        self.policy = ATSPolicy(document.configuration, os: os)
    }
}
