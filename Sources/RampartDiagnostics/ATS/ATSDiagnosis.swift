import Foundation
import RampartPolicy
import RampartTrust

/// Everything ATS diagnostics found about a URL: each configuration's result, the smallest
/// exception that makes it load, the served chain, the ATS certificate rules it breaks, its
/// Certificate Transparency, and the fix on the server.
///
/// ```swift
/// let diagnosis = try await ATSDiagnostics().diagnose(URL(string: "https://legacy.example.com/")!)
/// if !diagnosis.defaultPasses, let keys = diagnosis.minimalException {
///     print(keys.propertyListFragment(host: diagnosis.host))
/// }
/// print(diagnosis.serverFix ?? "nothing to fix")
/// ```
public struct ATSDiagnosis: Sendable {
    public var url: URL
    /// The URL's host and port, as every configuration connected to them.
    public var endpoint: Endpoint
    /// The URL's host, normalised by `ATSHost`.
    public var host: String { endpoint.host.name }
    public var port: Int { endpoint.port }
    /// Every configuration tried, in nscurl's order (the app's own first, when given).
    public var runs: [ATSDiagnosticRun]
    /// Whether ATS's default configuration loads the URL.
    public var defaultPasses: Bool
    /// Whether the app's own configuration loads it (`nil` without one).
    public var appPasses: Bool?
    /// The exception entry with the fewest keys that loads the URL (first in nscurl's order on a
    /// tie); `nil` when the default passes or when no exception entry helps.
    public var minimalException: ATSExceptionKeys?
    /// Whether `NSAllowsArbitraryLoads` loads it.
    public var arbitraryLoadsPass: Bool
    /// The chain as served (leaf first); empty when no handshake completed.
    public var chain: [CertificateSummary]
    /// The ATS certificate rules the served chain breaks (key sizes, SHA-1 signatures).
    public var certificateRuleViolations: [String]
    /// Certificate Transparency of the served leaf, when a log list was given.
    public var transparency: CTDecision?
    /// What to change on the server, in one sentence; `nil` when the default passes.
    public var serverFix: String?
    /// What else a reader should know (a local host, a chain that could not be fetched).
    public var notes: [ATSDiagnosisNote]

    public init(
        url: URL, endpoint: Endpoint, runs: [ATSDiagnosticRun], chain: [CertificateSummary],
        certificateRuleViolations: [String], transparency: CTDecision?, notes: [ATSDiagnosisNote]
    ) {
        self.url = url
        self.endpoint = endpoint
        self.runs = runs
        self.chain = chain
        self.certificateRuleViolations = certificateRuleViolations
        self.transparency = transparency
        self.notes = notes
        defaultPasses = runs.contains { $0.configuration.kind == .defaults && $0.passed }
        arbitraryLoadsPass = runs.contains { $0.configuration.kind == .arbitraryLoads && $0.passed }
        appPasses = runs.first { if case .app = $0.configuration.kind { true } else { false } }?.passed
        minimalException =
            defaultPasses
            ? nil
            : runs.filter { $0.passed && $0.configuration.exceptionKeys != nil }
                .min { ($0.configuration.exceptionKeys?.count ?? 0) < ($1.configuration.exceptionKeys?.count ?? 0) }?
                .configuration.exceptionKeys
        serverFix = defaultPasses ? nil : ATSServerFix.advice(for: self)
    }

    /// The first passing run with exactly the minimal exception.
    public var minimalExceptionRun: ATSDiagnosticRun? {
        guard let minimalException else { return nil }
        return runs.first { $0.passed && $0.configuration.exceptionKeys == minimalException }
    }
}
