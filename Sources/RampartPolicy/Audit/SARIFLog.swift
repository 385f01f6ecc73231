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
        let rules = ATSAuditRule.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
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
                                    id: rule.id, name: rule.name, shortDescription: Text(text: rule.name),
                                    fullDescription: Text(text: rule.rationale), help: Text(text: rule.fix),
                                    defaultConfiguration: Configuration(level: level(rule.severity)),
                                    properties: Properties(
                                        securitySeverity: securitySeverity(rule.severity), tags: ["security", "ats"]))
                            })),
                    results: reports.flatMap { report in
                        report.findings.map { finding in
                            Result(
                                ruleId: finding.ruleID, ruleIndex: ruleIndex[finding.ruleID] ?? 0,
                                level: level(finding.severity),
                                message: Text(text: "\(finding.message). Fix: \(finding.fix)"),
                                locations: [
                                    Location(
                                        physicalLocation: PhysicalLocation(
                                            artifactLocation: Artifact(uri: artifactURI(finding.source))),
                                        logicalLocations: finding.keyPath.isEmpty
                                            ? nil
                                            : [LogicalLocation(fullyQualifiedName: finding.keyPath, kind: "member")])
                                ])
                        }
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
    }
    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?
    }
    struct PhysicalLocation: Encodable { var artifactLocation: Artifact }
    struct Artifact: Encodable { var uri: String }
    struct LogicalLocation: Encodable {
        var fullyQualifiedName: String
        var kind: String
    }
}
