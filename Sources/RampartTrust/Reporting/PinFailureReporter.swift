import Foundation

/// Receives pin-failure reports. Rampart's HTTP client delivers them to report URIs; these
/// reporters keep them in memory or in a JSON-lines file.
///
/// ```swift
/// let reporter = DeduplicatingReporter(wrapping: JSONLinesReporter(file: url))
/// await reporter.report(report)
/// ```
public protocol PinFailureReporter: Sendable {
    func report(_ report: PinFailureReport) async throws
}

/// Keeps reports in memory (tests, in-app diagnostics).
public actor InMemoryReporter: PinFailureReporter {
    public private(set) var reports: [PinFailureReport] = []

    public init() {}

    public func report(_ report: PinFailureReport) {
        reports.append(report)
    }
}

/// Appends each report as one line of TrustKit JSON to a file created with mode 0600.
public actor JSONLinesReporter: PinFailureReporter {
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    public func report(_ report: PinFailureReport) throws {
        var line = try report.json()
        line.append(0x0A)
        if !FileManager.default.fileExists(atPath: file.path) {
            guard
                FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw TrustError.unreadable(path: file.path, reason: "cannot create the report file")
            }
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
    }
}

/// Passes a report on only if no identical one (same app, host, port, noted domain, chain and
/// pins) went through in the last `window` (24 hours, as TrustKit does).
public actor DeduplicatingReporter: PinFailureReporter {
    private let inner: any PinFailureReporter
    private let window: TimeInterval
    private let now: @Sendable () -> Date
    private var lastSent: [[String]: Date] = [:]

    public init(
        wrapping inner: any PinFailureReporter, window: TimeInterval = 86_400,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.inner = inner
        self.window = window
        self.now = now
    }

    public func report(_ report: PinFailureReport) async throws {
        let moment = now()
        lastSent = lastSent.filter { moment.timeIntervalSince($0.value) < window }
        guard lastSent[report.identity] == nil else { return }
        lastSent[report.identity] = moment
        try await inner.report(report)
    }
}
