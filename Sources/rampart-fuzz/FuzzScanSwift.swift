// Fuzzes the whole scan of one Swift file (`ScanEngine` with every analyzer: the byte measure of `SwiftLimits`,
// swift-syntax with its nesting limit, every Swift rule, suppressions, excerpts): never a crash, a stack overflow
// or a run past libFuzzer's time-out on any input; the promises of `FuzzScan`, and every finding on a line of the
// file.
import Foundation
import RampartScan

enum FuzzScanSwift {
    static let target = FuzzTarget(
        name: "scan-swift", maxLength: 64 * 1024,
        summary: "ScanEngine on one .swift file: SwiftLimits, swift-syntax, every Swift rule", run: run)

    static func run(_ data: Data) {
        guard let report = FuzzScan.run(target.name, data, name: "Input.swift") else { return }
        let lines = FuzzScan.lineCount(data)
        for finding in report.findings {
            FuzzCheck.require(
                finding.line >= 1 && finding.line <= max(lines, 1), target.name,
                "a finding on line \(finding.line) of a \(lines)-line file")
        }
    }
}
