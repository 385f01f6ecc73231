import Foundation
import RampartTrust

/// RS-NET-007 for TrustKit in an `Info.plist`: a `TSKConfiguration` domain whose `TSKPublicKeyHashes` holds one
/// hash. The configuration is read by RampartTrust's ``TrustKitConfiguration`` (the one TrustKit reader); one
/// it refuses is a problem of the scan, named with its reason.
enum PropertyListTrustKitPinsRule {
    static func result(top: [String: Any], bytes: [UInt8], path: String, lines: PropertyListKeyLines) -> ScanFileResult
    {
        guard top["TSKConfiguration"] != nil else { return ScanFileResult() }
        do {
            let hosts = try TrustKitConfiguration.pinnedHosts(from: Data(bytes), source: path)
            let findings = hosts.filter { $0.pins.count == 1 }.map { host in
                ScanFinding(
                    rule: .pinningWithoutBackup, path: path,
                    line: lines.line(ofKeyPath: "TSKConfiguration.TSKPinnedDomains.\(host.domain).TSKPublicKeyHashes"),
                    column: 0, message: "TSKPinnedDomains.\(host.domain) lists one pin and no backup pin")
            }
            return ScanFileResult(findings: findings)
        } catch {
            return ScanFileResult(problems: [ScanProblem(path: path, message: "TSKConfiguration not read: \(error)")])
        }
    }
}
