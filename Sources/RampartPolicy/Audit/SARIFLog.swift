import Foundation

/// Renders audit reports as a SARIF 2.1.0 log, the format code-scanning tools read.
///
/// Severities map to SARIF levels (high → error, medium → warning, low and info → note) and to
/// the `security-severity` property GitHub code scanning sorts by.
///
/// ```swift
/// let data = try SARIFLog.render([report], toolVersion: "0.1.0")
/// try data.write(to: URL(fileURLWithPath: "ats.sarif"))
/// ```
public enum SARIFLog {
    public static func render(_ reports: [ATSAuditReport], toolVersion: String) throws -> Data {
        let rules = ATSAuditRule.all.map { rule in
            RuleDescriptor(
                id: rule.id, name: rule.name, shortDescription: rule.name, fullDescription: rule.rationale,
                help: rule.fix, severity: rule.severity, tags: ["security", "ats"])
        }
        let results = reports.flatMap { report in
            report.findings.map { finding in
                ResultEntry(
                    ruleID: finding.ruleID, severity: finding.severity,
                    message: "\(finding.message). Fix: \(finding.fix)", uri: artifactURI(finding.source),
                    logicalLocation: finding.keyPath.isEmpty ? nil : finding.keyPath)
            }
        }
        return try render(rules: rules, results: results, toolVersion: toolVersion)
    }

    /// A rule as SARIF lists it under the tool's driver: `help` is the fix, `tags` hold the taxonomy
    /// (e.g. `MASVS-NETWORK-1`, `external/cwe/cwe-319`).
    ///
    /// ```swift
    /// let rule = SARIFLog.RuleDescriptor(
    ///     id: "RS-NET-001", name: "Cleartext HTTP URL", shortDescription: "Cleartext HTTP URL",
    ///     fullDescription: "Every request uses HTTPS.", help: "Use https://.", severity: .high,
    ///     tags: ["security", "MASVS-NETWORK-1", "external/cwe/cwe-319"])
    /// ```
    public struct RuleDescriptor: Sendable, Hashable {
        public var id: String
        public var name: String
        public var shortDescription: String
        public var fullDescription: String
        public var help: String
        public var severity: FindingSeverity
        public var tags: [String]

        public init(
            id: String, name: String, shortDescription: String, fullDescription: String, help: String,
            severity: FindingSeverity, tags: [String]
        ) {
            self.id = id
            self.name = name
            self.shortDescription = shortDescription
            self.fullDescription = fullDescription
            self.help = help
            self.severity = severity
            self.tags = tags
        }
    }

    /// One result: a rule broken in a file (`uri`, relative to `uriBaseID` when one is given), at a line and
    /// column when they are known (from 1), or at a key path (`logicalLocation`).
    ///
    /// ```swift
    /// let result = SARIFLog.ResultEntry(
    ///     ruleID: "RS-NET-001", severity: .high, message: "http://api.example.com is cleartext",
    ///     uri: "App/Network.swift", startLine: 12, startColumn: 19)
    /// ```
    public struct ResultEntry: Sendable, Hashable {
        public var ruleID: String
        public var severity: FindingSeverity
        public var message: String
        public var uri: String
        public var startLine: Int?
        public var startColumn: Int?
        public var logicalLocation: String?
        /// A stable identity of the result across edits (SARIF's `partialFingerprints`), by name.
        public var fingerprints: [String: String]?
        /// The base `uri` is relative to (a name given to ``render(rules:results:toolVersion:uriBase:)``); nil
        /// for an absolute URI.
        public var uriBaseID: String?

        public init(
            ruleID: String, severity: FindingSeverity, message: String, uri: String, startLine: Int? = nil,
            startColumn: Int? = nil, logicalLocation: String? = nil, fingerprints: [String: String]? = nil,
            uriBaseID: String? = nil
        ) {
            self.ruleID = ruleID
            self.severity = severity
            self.message = message
            self.uri = uri
            self.startLine = startLine
            self.startColumn = startColumn
            self.logicalLocation = logicalLocation
            self.fingerprints = fingerprints
            self.uriBaseID = uriBaseID
        }
    }

    /// The SARIF 2.1.0 log of `results` against `rules`: one writer for the ATS audit and `rampart scan`.
    /// `uriBase` (a name such as `%SRCROOT%` and the absolute `file://` URI of a folder, ending in `/`) is
    /// listed in `originalUriBaseIds`, for results whose ``ResultEntry/uriBaseID`` names it: their URIs are
    /// relative to it, as GitHub code scanning expects.
    ///
    /// ```swift
    /// let data = try SARIFLog.render(rules: [rule], results: [result], toolVersion: "0.1.0",
    ///                                uriBase: ("%SRCROOT%", "file:///work/App/"))
    /// ```
    public static func render(
        rules: [RuleDescriptor], results: [ResultEntry], toolVersion: String,
        uriBase: (name: String, uri: String)? = nil
    ) throws -> Data {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let log = Log(
            version: "2.1.0",
            schema: "https://json.schemastore.org/sarif-2.1.0.json",
            runs: [
                Run(
                    tool: Tool(
                        driver: Driver(
                            name: "rampart", semanticVersion: toolVersion,
                            rules: rules.map { rule in
                                Rule(
                                    id: rule.id, name: rule.name, shortDescription: Text(text: rule.shortDescription),
                                    fullDescription: Text(text: rule.fullDescription), help: Text(text: rule.help),
                                    defaultConfiguration: Configuration(level: level(rule.severity)),
                                    properties: Properties(
                                        securitySeverity: securitySeverity(rule.severity), tags: rule.tags))
                            })),
                    originalUriBaseIds: uriBase.map { [$0.name: Artifact(uri: $0.uri)] },
                    results: results.map { result in
                        Result(
                            ruleId: result.ruleID, ruleIndex: ruleIndex[result.ruleID] ?? 0,
                            level: level(result.severity),
                            message: Text(text: result.message),
                            locations: [
                                Location(
                                    physicalLocation: PhysicalLocation(
                                        artifactLocation: Artifact(uri: result.uri, uriBaseId: result.uriBaseID),
                                        region: result.startLine.map { line in
                                            Region(startLine: line, startColumn: result.startColumn)
                                        }),
                                    logicalLocations: result.logicalLocation.map { name in
                                        [LogicalLocation(fullyQualifiedName: name, kind: "member")]
                                    })
                            ],
                            partialFingerprints: result.fingerprints)
                    })
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(log)
    }

    /// A URI reference for a file: relative paths stay relative (as code-scanning tools expect),
    /// absolute ones become `file://` URIs.
    static func artifactURI(_ path: String) -> String {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).absoluteString : path
    }

    static func level(_ severity: FindingSeverity) -> String {
        switch severity {
        case .high: return "error"
        case .medium: return "warning"
        case .low, .info: return "note"
        }
    }

    static func securitySeverity(_ severity: FindingSeverity) -> String {
        switch severity {
        case .high: return "8.0"
        case .medium: return "5.0"
        case .low: return "3.0"
        case .info: return "0.0"
        }
    }

    struct Log: Encodable {
        var version: String
        var schema: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case version, runs
            case schema = "$schema"
        }
    }
    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: Artifact]?
        var results: [Result]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name: String
        var semanticVersion: String
        var rules: [Rule]
    }
    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
        var properties: Properties
    }
    struct Text: Encodable { var text: String }
    struct Configuration: Encodable { var level: String }
    struct Properties: Encodable {
        var securitySeverity: String
        var tags: [String]
        enum CodingKeys: String, CodingKey {
            case tags
            case securitySeverity = "security-severity"
        }
    }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]?
    }
    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?
    }
    struct PhysicalLocation: Encodable {
        var artifactLocation: Artifact
        var region: Region?
    }
    struct Artifact: Encodable {
        var uri: String
        var uriBaseId: String?
    }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
    struct LogicalLocation: Encodable {
        var fullyQualifiedName: String
        var kind: String
    }
}
