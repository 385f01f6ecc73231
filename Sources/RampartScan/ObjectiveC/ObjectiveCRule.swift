/// One check over an Objective-C file's tokens. Each rule (one file per rule) reads ``ObjectiveCSource``
/// and reports ``ScanFinding``s against its ``ScanRule``.
///
/// ```swift
/// let findings = ObjectiveCAnalyzer.rules.flatMap { $0.findings(in: source) }
/// ```
protocol ObjectiveCRule: Sendable {
    func findings(in source: ObjectiveCSource) -> [ScanFinding]
}
