import Foundation
import RampartPolicy

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

    /// A list built in code. Two logs with one ID keep the first (a list read from JSON refuses them).
    ///
    /// ```swift
    /// let list = CTLogList(logs: [argon, nimbus], timestamp: Date())
    /// ```
    public init(logs: [CTLog], timestamp: Date?, version: String? = nil) {
        self.logs = Dictionary(logs.map { ($0.id, $0) }) { first, _ in first }
        self.timestamp = timestamp
        self.version = version
    }

    /// The largest log list read unless the caller allows more: 8 MiB. Chrome's and Apple's lists
    /// are about 100 KB; the cap keeps a hostile or runaway file from taking seconds and gigabytes.
    public static let defaultMaximumSize = 8 << 20

    /// Reads a log list. `receivedAt` stands in for a list without `log_list_timestamp`.
    ///
    /// Nothing is guessed: the list is refused whole when an entry is ambiguous or of the wrong
    /// type — a `state` with other than exactly one key, or not an object; two logs with one ID;
    /// an operator's `logs` entry that is not an object; a date that is not strict RFC 3339
    /// (`RFC3339Date`); a `log_id` that is not the key's hash. A log without `state` is pending.
    ///
    /// ```swift
    /// let list = try CTLogList(json: data, source: "log_list.json", maximumSize: 16 << 20)
    /// ```
    ///
    /// - Parameters:
    ///   - json: the log list, as Chrome and Apple publish it.
    ///   - source: what errors call the list (a file name or URL).
    ///   - receivedAt: the list's date when it has no `log_list_timestamp`.
    ///   - maximumSize: the most bytes accepted (``defaultMaximumSize`` unless given).
    /// - Throws: ``TrustError/malformedLogList(source:reason:)`` naming the first entry that is
    ///   wrong, by operator and index, and the log.
    public init(
        json: Data, source: String = "the log list", receivedAt: Date? = nil,
        maximumSize: Int = CTLogList.defaultMaximumSize
    ) throws(TrustError) {
        func fail(_ reason: String) -> TrustError { .malformedLogList(source: source, reason: reason) }
        guard json.count <= maximumSize else {
            throw fail(
                "it is \(json.count) bytes, over the limit of \(maximumSize) bytes (real log lists are about 100 KB; "
                    + "raise the limit only for a list you trust)")
        }
        guard !json.isEmpty else { throw fail("it is empty") }
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw fail("not a JSON object")
        }
        guard let operators = root["operators"] as? [Any] else { throw fail("no \"operators\" array") }
        var logs: [CTLog] = []
        var places: [CTLogID: String] = [:]
        for (operatorIndex, element) in operators.enumerated() {
            guard let entry = element as? [String: Any] else {
                throw fail("operators[\(operatorIndex)] is not an object")
            }
            let operatorName: String
            switch entry["name"] {
            case nil: operatorName = "operator \(operatorIndex)"
            case let name as String: operatorName = name
            default: throw fail("operators[\(operatorIndex)]: \"name\" is not a string")
            }
            let operatorPlace = "operators[\(operatorIndex)] (\(operatorName))"
            for (field, tiled) in [("logs", false), ("tiled_logs", true)] {
                guard let value = entry[field] else { continue }
                guard let items = value as? [Any] else { throw fail("\(operatorPlace): \"\(field)\" is not an array") }
                for (logIndex, item) in items.enumerated() {
                    var place = "\(operatorPlace), \(field)[\(logIndex)]"
                    guard let log = item as? [String: Any] else { throw fail("\(place) is not an object") }
                    let description: String
                    switch log["description"] {
                    case nil: description = "log \(logIndex) of \(operatorName)"
                    case let text as String:
                        description = text
                        place += " (\(text))"
                    default: throw fail("\(place): \"description\" is not a string")
                    }
                    guard let keyText = log["key"] as? String, let key = Data(base64Encoded: keyText), !key.isEmpty
                    else {
                        throw fail("\(place): \"key\" is not base64 SubjectPublicKeyInfo DER")
                    }
                    let made = CTLog(
                        key: Array(key), description: description, operatorName: operatorName,
                        url: log["url"] as? String ?? log["submission_url"] as? String,
                        state: try Self.state(log["state"], place: place, fail: fail),
                        temporalInterval: try Self.interval(log["temporal_interval"], place: place, fail: fail),
                        isStaticCTAPI: tiled)
                    switch log["log_id"] {
                    case nil: break
                    case let idText as String where idText == made.id.base64: break
                    case let idText as String:
                        throw fail("\(place): \"log_id\" \(idText) is not the SHA-256 of its key (\(made.id.base64))")
                    default: throw fail("\(place): \"log_id\" is not a string")
                    }
                    if let earlier = places[made.id] {
                        throw fail(
                            "\(place): log ID \(made.id.base64) appears twice (first at \(earlier)); "
                                + "a list names each log once")
                    }
                    places[made.id] = place
                    logs.append(made)
                }
            }
        }
        var published: Date?
        if let value = root["log_list_timestamp"] {
            published = try Self.date(value, "\"log_list_timestamp\"", fail: fail)
        }
        self.init(logs: logs, timestamp: published ?? receivedAt, version: root["version"] as? String)
    }

    /// Reads a log list from a file, a pipe or process substitution (`<(curl …)`), reading at most
    /// `maximumSize` bytes (one more to notice a longer input).
    ///
    /// ```swift
    /// let list = try CTLogList(contentsOf: URL(fileURLWithPath: "log_list.json"))
    /// ```
    ///
    /// - Throws: ``TrustError/missingFile(path:)``, ``TrustError/notAFile(path:kind:)`` for a
    ///   directory, ``TrustError/unreadable(path:reason:)``, or
    ///   ``TrustError/malformedLogList(source:reason:)`` (an empty or oversized input included).
    public init(contentsOf url: URL, receivedAt: Date? = nil, maximumSize: Int = CTLogList.defaultMaximumSize)
        throws(TrustError)
    {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missingFile(path: path)
        }
        if isDirectory.boolValue { throw .notAFile(path: path, kind: "a directory") }
        var data = Data()
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let limit = max(maximumSize, 0)
            // Up to one byte past the limit, to notice a longer input (no `limit + 1`: it may be Int.max).
            while data.count <= limit,
                let chunk = try handle.read(
                    upToCount: limit - data.count < 64 << 10 ? limit - data.count + 1 : 64 << 10),
                !chunk.isEmpty
            {
                data += chunk
            }
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        try self.init(json: data, source: path, receivedAt: receivedAt, maximumSize: maximumSize)
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
        guard let value else { return .pending }
        guard let states = value as? [String: Any] else {
            throw fail("\(place): \"state\" is not an object (expected one key, such as {\"usable\": {…}})")
        }
        guard states.count == 1, let (name, body) = states.first else {
            let keys = states.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw fail(
                "\(place): \"state\" has \(states.count) keys (\(keys.isEmpty ? "none" : keys)); a log is in exactly "
                    + "one state, so the list is ambiguous")
        }
        guard let fields = body as? [String: Any] else {
            throw fail("\(place): the \"\(name)\" state is not an object")
        }
        let since = try fields["timestamp"].map { value throws(TrustError) in
            try date(value, "the \"\(name)\" state's \"timestamp\"", place: place, fail: fail)
        }
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
        guard let fields = value as? [String: Any], let start = fields["start_inclusive"],
            let end = fields["end_exclusive"]
        else { throw fail("\(place): \"temporal_interval\" needs start_inclusive < end_exclusive, RFC 3339") }
        let lower = try date(start, "\"temporal_interval\".start_inclusive", place: place, fail: fail)
        let upper = try date(end, "\"temporal_interval\".end_exclusive", place: place, fail: fail)
        guard lower < upper else {
            throw fail("\(place): \"temporal_interval\" needs start_inclusive < end_exclusive, RFC 3339")
        }
        return lower..<upper
    }

    /// One date of the list: a string, strict RFC 3339.
    private static func date(_ value: Any, _ what: String, place: String? = nil, fail: (String) -> TrustError)
        throws(TrustError) -> Date
    {
        let prefix = place.map { "\($0): " } ?? ""
        guard let text = value as? String else { throw fail("\(prefix)\(what) is not a string") }
        do {
            return try RFC3339Date.date(from: text)
        } catch {
            throw fail("\(prefix)\(what): \(error)")
        }
    }
}
