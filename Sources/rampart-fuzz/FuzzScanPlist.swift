// Fuzzes the whole scan of one property list (`ScanEngine` with every analyzer: `PropertyListReader`, the ATS,
// TrustKit and OAuth-scheme rules, the key-line index): never a crash or a run past the time-out; the promises of
// `FuzzScan`, and every finding on a line of the file (0 for plists without lines: binary, JSON).
import Foundation
import RampartScan

enum FuzzScanPlist {
    static let target = FuzzTarget(
        name: "scan-plist", maxLength: 64 * 1024,
        summary: "ScanEngine on one Info.plist: PropertyListReader, ATS/TrustKit/OAuth rules, key lines", run: run)

    static func run(_ data: Data) {
        guard let report = FuzzScan.run(target.name, data, name: "Info.plist") else { return }
        let lines = FuzzScan.lineCount(data)
        for finding in report.findings {
            FuzzCheck.require(
                finding.line >= 0 && finding.line <= lines, target.name,
                "a finding on line \(finding.line) of a \(lines)-line plist")
        }
    }
}
