import Foundation
import RampartPolicy

/// Reads property lists: `Info.plist` (any `*.plist` with `CFBundleIdentifier` or `NSAppTransportSecurity`),
/// `*.entitlements`, and the plists the archive reader hands over from an `.ipa`. Every plist is read by
/// RampartPolicy's `PropertyListReader` (XML, binary with its set guard, JSON); ATS goes through
/// `ATSAuditor`, TrustKit through `TrustKitConfiguration`, entitlements through ``EntitlementsCheck``.
///
/// ```swift
/// let result = PropertyListAnalyzer().analyze(ScanFile(path: "App/Info.plist", contents: bytes))
/// for finding in result.findings { print(finding.line, finding.ruleID, finding.message) }
/// ```
public struct PropertyListAnalyzer: ScanAnalyzer {
    public init() {}

    public func accepts(path: String, prefix: ArraySlice<UInt8>) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".plist") || lower.hasSuffix(".entitlements")
    }

    public func analyze(_ file: ScanFile) -> ScanFileResult {
        let top: [String: Any]
        let format: ATSDocument.Format
        do {
            let read = try PropertyListReader.object(from: Data(file.contents), source: file.path)
            guard let dictionary = read.object as? [String: Any] else {
                return ScanFileResult()
            }
            top = dictionary
            format = read.format
        } catch {
            return ScanFileResult(problems: [ScanProblem(path: file.path, message: "malformed property list: \(error)")]
            )
        }
        let lines = PropertyListKeyLines(bytes: file.contents)
        if file.path.lowercased().hasSuffix(".entitlements") {
            return ScanFileResult(
                findings: EntitlementsCheck.findings(
                    entitlements: top, path: file.path, origin: .entitlementsFile,
                    lineOfKey: { lines.line(ofKeyPath: $0) }))
        }
        guard top["CFBundleIdentifier"] != nil || top[ATSKey.root] != nil else {
            return ScanFileResult(
                findings: PropertyListCredentialRule.findings(top: top, path: file.path, lines: lines))
        }
        var result = PropertyListTrustKitPinsRule.result(top: top, bytes: file.contents, path: file.path, lines: lines)
        result.findings += PropertyListATSRule.findings(top: top, format: format, path: file.path, lines: lines)
        result.findings += PropertyListOAuthSchemeRule.findings(top: top, path: file.path, lines: lines)
        result.findings.sort { ($0.line, $0.ruleID) < ($1.line, $1.ruleID) }
        return result
    }
}
