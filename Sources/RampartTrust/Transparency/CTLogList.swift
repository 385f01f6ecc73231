import Foundation

/// The CT logs a client trusts, read from a log list: Chrome's v3 `log_list.json` schema or
/// Apple's `log_list_schema_v4` (the same operators → logs / tiled_logs layout, with Apple's
/// asset versions). A list is an input the caller provides and refreshes; Rampart never fetches
/// one (Google's lists may not be used for enforcement in other clients without permission).
///
/// ```swift
/// let list = try CTLogList(json: Data(contentsOf: listURL), source: listURL.path)
/// let merged = CTLogList.merged([appleList, chromeList])
/// print(merged.logs.count, merged.timestamp ?? .distantPast)
/// ```
public struct CTLogList: Sendable, Hashable {
    /// The logs by ID.
    public var logs: [CTLogID: CTLog]
    /// When the list was published (`log_list_timestamp`), or when the caller received it.
    public var timestamp: Date?
    /// The list's own version string, if it has one.
    public var version: String?

    public init(logs: [CTLog], timestamp: Date?, version: String? = nil) {
        self.logs = Dictionary(logs.map { ($0.id, $0) }) { first, _ in first }
        self.timestamp = timestamp
        self.version = version
    }

    /// Reads a log list. `receivedAt` stands in for a list without `log_list_timestamp`.
    ///
    /// - Throws: ``TrustError/malformedLogList(source:reason:)`` naming the first entry that is
    ///   wrong (not JSON, no operators, a key that is not base64, a log ID that is not the key's hash).
    public init(json: Data, source: String = "the log list", receivedAt: Date? = nil) throws(TrustError) {
        func fail(_ reason: String) -> TrustError { .malformedLogList(source: source, reason: reason) }
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw fail("not a JSON object")
        }
        guard let operators = root["operators"] as? [[String: Any]] else { throw fail("no \"operators\" array") }
        var logs: [CTLog] = []
        for (operatorIndex, entry) in operators.enumerated() {
            let operatorName = entry["name"] as? String ?? "operator \(operatorIndex)"
            let entries =
                (entry["logs"] as? [[String: Any]] ?? []).map { ($0, false) }
                + (entry["tiled_logs"] as? [[String: Any]] ?? []).map { ($0, true) }
            for (logIndex, (log, tiled)) in entries.enumerated() {
                let place = "operators[\(operatorIndex)] (\(operatorName)), log \(logIndex)"
                guard let keyText = log["key"] as? String, let key = Data(base64Encoded: keyText), !key.isEmpty else {
                    throw fail("\(place): \"key\" is not base64 SubjectPublicKeyInfo DER")
                }
                let made = CTLog(
                    key: Array(key), description: log["description"] as? String ?? "log \(logIndex) of \(operatorName)",
                    operatorName: operatorName,
                    url: log["url"] as? String ?? log["submission_url"] as? String,
                    state: try Self.state(log["state"], place: place, fail: fail),
                    temporalInterval: try Self.interval(log["temporal_interval"], place: place, fail: fail),
                    isStaticCTAPI: tiled)
                if let idText = log["log_id"] as? String, idText != made.id.base64 {
                    throw fail("\(place): \"log_id\" \(idText) is not the SHA-256 of its key (\(made.id.base64))")
                }
                logs.append(made)
            }
        }
        let published = (root["log_list_timestamp"] as? String).flatMap(Self.date)
        self.init(logs: logs, timestamp: published ?? receivedAt, version: root["version"] as? String)
    }

    /// Several lists as one: logs merged by ID, the newest list's entry winning; the merged list
    /// is as old as its newest member.
    public static func merged(_ lists: [CTLogList]) -> CTLogList {
        let ordered = lists.sorted { ($0.timestamp ?? .distantPast) > ($1.timestamp ?? .distantPast) }
        var logs: [CTLogID: CTLog] = [:]
        for list in ordered { logs.merge(list.logs) { newer, _ in newer } }
        var merged = CTLogList(logs: [], timestamp: ordered.first?.timestamp, version: nil)
        merged.logs = logs
        return merged
    }

    private static func state(_ value: Any?, place: String, fail: (String) -> TrustError) throws(TrustError)
        -> CTLog.State
    {
        guard let states = value as? [String: Any], let (name, body) = states.first else { return .pending }
        let since = ((body as? [String: Any])?["timestamp"] as? String).flatMap(date)
        func dated(_ make: (Date) -> CTLog.State) throws(TrustError) -> CTLog.State {
            guard let since else { throw fail("\(place): the \"\(name)\" state has no RFC 3339 \"timestamp\"") }
            return make(since)
        }
        switch name {
        case "pending": return .pending
        case "qualified": return try dated { .qualified(since: $0) }
        case "usable": return try dated { .usable(since: $0) }
        case "readonly": return try dated { .readOnly(since: $0) }
        case "retired": return try dated { .retired(since: $0) }
        case "rejected": return try dated { .rejected(since: $0) }
        default: throw fail("\(place): unknown state \"\(name)\"")
        }
    }

    private static func interval(_ value: Any?, place: String, fail: (String) -> TrustError) throws(TrustError)
        -> Range<Date>?
    {
        guard let value else { return nil }
        guard let fields = value as? [String: Any], let start = (fields["start_inclusive"] as? String).flatMap(date),
            let end = (fields["end_exclusive"] as? String).flatMap(date), start < end
        else { throw fail("\(place): \"temporal_interval\" needs start_inclusive < end_exclusive, RFC 3339") }
        return start..<end
    }

    /// RFC 3339, with or without fractional seconds (package API: the CLI reads `--at` with it).
    package static func date(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
