import RampartPolicy

/// The ATS part of an `Info.plist`: RampartPolicy's ``ATSAuditor`` (the one ATS engine) audits it, and each of
/// its findings becomes an RS-ATS-001 finding whose message names the ATS rule (`ATS001 arbitrary-loads: …`),
/// with the auditor's severity and the line of its key. A single pin in `NSPinnedDomains` (ATS020) is
/// RS-NET-007 instead; "no ATS dictionary" (ATS050) is not a weakening and is left out.
enum PropertyListATSRule {
    static func findings(
        top: [String: Any], format: ATSDocument.Format, path: String, lines: PropertyListKeyLines
    ) -> [ScanFinding] {
        guard top[ATSKey.root] != nil, let document = try? ATSDocument.decode(object: top, source: path, format: format)
        else { return [] }
        return ATSAuditor().audit(document).findings.compactMap { finding in
            guard finding.ruleID != ATSAuditRule.noATSDictionary.id else { return nil }
            let rule: ScanRule = finding.ruleID == ATSAuditRule.noBackupPin.id ? .pinningWithoutBackup : .atsWeakened
            return ScanFinding(
                rule: rule, path: path, line: lines.line(ofKeyPath: finding.keyPath), column: 0,
                message: "\(finding.ruleID) \(finding.ruleName): \(finding.message) (\(finding.keyPath))",
                severity: finding.severity)
        }
    }
}
