import Crypto
import Foundation
import RampartIO

/// The findings a team has accepted for now, so that a scan of an old codebase fails only on new ones.
///
/// A baseline is JSON: `{"format": "rampart-scan-baseline", "version": 1, "entries": [...]}`, each entry a
/// ``ScanBaselineEntry`` (rule, path, fingerprint of the code, occurrence). Findings match an entry by those,
/// never by line number, so edits above a finding keep it matched; editing the finding's own line makes it new.
///
/// ```swift
/// let baseline = ScanBaseline(report.findings)
/// try baseline.encoded().write(to: URL(fileURLWithPath: "scan-baseline.json"))
/// let next = try ScanBaseline.read(from: "scan-baseline.json").apply(to: try ScanEngine().scan(["MyApp"]))
/// print(next.counts.hiddenByBaseline, "known findings hidden,", next.staleBaselineEntries.count, "fixed")
/// ```
public struct ScanBaseline: Sendable, Hashable {
    /// The format name written in every baseline.
    public static let formatName = "rampart-scan-baseline"
    /// A baseline file is read whole up to this size.
    public static let maximumSize = 64 << 20

    public var entries: [ScanBaselineEntry]

    public init(entries: [ScanBaselineEntry]) { self.entries = entries }

    /// The baseline that accepts exactly `findings`.
    public init(_ findings: [ScanFinding]) { entries = Self.entries(for: findings) }

    /// The entries of `findings`, in their order, with occurrences counted per rule, path and fingerprint.
    static func entries(for findings: [ScanFinding]) -> [ScanBaselineEntry] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let fingerprint = Self.fingerprint(finding)
            let key = "\(finding.ruleID)\u{0}\(finding.path)\u{0}\(fingerprint)"
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            return ScanBaselineEntry(
                ruleID: finding.ruleID, path: finding.path, fingerprint: fingerprint, occurrence: occurrence,
                line: finding.line)
        }
    }

    /// SHA-256 of the rule id, the path and the finding's line with white space collapsed (the message when a
    /// finding has no source line, as in binaries).
    public static func fingerprint(_ finding: ScanFinding) -> String {
        let code = finding.snippet.map(normalized) ?? finding.message
        let digest = SHA256.hash(data: Data("\(finding.ruleID)\n\(finding.path)\n\(code)".utf8))
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    /// `line` with runs of white space made one space, and none at either end.
    static func normalized(_ line: String) -> String {
        line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `report` without the findings this baseline holds; the count hidden and the entries that matched nothing
    /// are recorded in it.
    public func apply(to report: ScanReport) -> ScanReport {
        var remaining = Set(entries.map(Key.init))
        var kept: [ScanFinding] = []
        var hidden = 0
        for (finding, entry) in zip(report.findings, Self.entries(for: report.findings)) {
            if remaining.remove(Key(entry)) != nil {
                hidden += 1
            } else {
                kept.append(finding)
            }
        }
        var result = report
        result.findings = kept
        result.counts.hiddenByBaseline += hidden
        result.staleBaselineEntries = entries.filter { remaining.contains(Key($0)) }
        return result
    }

    private struct Key: Hashable {
        var ruleID: String
        var path: String
        var fingerprint: String
        var occurrence: Int
        init(_ entry: ScanBaselineEntry) {
            ruleID = entry.ruleID
            path = entry.path
            fingerprint = entry.fingerprint
            occurrence = entry.occurrence
        }
    }

    private struct File: Codable {
        var format: String
        var version: Int
        var entries: [ScanBaselineEntry]
    }

    /// The baseline as pretty, key-sorted JSON with a final line break.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(File(format: Self.formatName, version: 1, entries: entries)) + Data("\n".utf8)
    }

    /// The baseline in `data`; `name` is the file's name for messages.
    public static func decode(_ data: Data, name: String) throws(ScanError) -> ScanBaseline {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw .malformedBaseline(name, reason: "not the JSON of a baseline: \(Self.describe(error))")
        }
        guard file.format == formatName else {
            throw .malformedBaseline(name, reason: "its format is \"\(file.format)\", not \"\(formatName)\"")
        }
        guard file.version == 1 else {
            throw .malformedBaseline(name, reason: "version \(file.version) is not supported (only 1)")
        }
        // A baseline is committed with the code, so a pull request can edit it: a rule id is one of the
        // catalog's, never text that reaches a terminal or a page as it is.
        let known = Set(ScanRule.catalog.map(\.id))
        if let index = file.entries.firstIndex(where: { !known.contains($0.ruleID) }) {
            throw .malformedBaseline(
                name,
                reason: "entry \(index + 1) names the rule \(file.entries[index].ruleID.debugDescription), "
                    + "which is not one of rampart scan's")
        }
        return ScanBaseline(entries: file.entries)
    }

    /// Reads the baseline at `path` (at most ``maximumSize`` bytes).
    public static func read(from path: String) throws(ScanError) -> ScanBaseline {
        let data: Data
        do {
            data = try FileDescriptorIO.readAll(path: path, limit: maximumSize)
        } catch {
            switch error.code {
            case .notFound: throw .missingBaseline(path)
            case .tooLarge: throw .malformedBaseline(path, reason: "larger than a baseline's \(maximumSize) bytes")
            default: throw .unreadableBaseline(path, reason: error.reason ?? error.description)
            }
        }
        return try decode(data, name: path)
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): return "the key \"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "a value of the wrong type at \(path.isEmpty ? "the top" : path)"
        case .dataCorrupted: return "the bytes are not JSON"
        default: return "\(error)"
        }
    }
}
