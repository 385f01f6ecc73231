// The error of contract decoding: the rule, the key path, the byte offset when known, and words.

/// Thrown by ``ContractDecoder`` when a document breaks its contract.
///
/// ```swift
/// do {
///     let page = try ContractDecoder().decode(Page.self, from: body)
/// } catch {
///     print(error.keyPath, error.rule)  // "items[3].name" lengthOutOfRange
///     print(error)                      // items[3].name: 31 grapheme clusters, outside 1...24 …
/// }
/// ```
public struct ContractViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule broken.
    public let rule: ContractRule
    /// Where: `items[3].name`; empty for the whole document.
    public let keyPath: String
    /// The byte offset in the document, when the pre-scan found the problem.
    public let offset: Int?
    /// What was wrong, in words.
    public let detail: String

    public init(rule: ContractRule, keyPath: String, offset: Int? = nil, detail: String) {
        self.rule = rule
        self.keyPath = keyPath
        self.offset = offset
        self.detail = detail
    }

    /// Whether the bytes are not JSON at all (``ContractRule/malformedJSON``: bad input data), as
    /// against JSON that breaks a limit or the contract (a finding about a well-formed document).
    ///
    /// ```swift
    /// let status = violation.isNotJSON ? 65 : 1  // rampart validate json's exit statuses
    /// ```
    public var isNotJSON: Bool { rule == .malformedJSON }

    /// A document over ``JSONLimits/maxBytes``: `count` bytes when known, else one cut off at the
    /// limit unread (a stream), `source` naming where it came from.
    ///
    /// ```swift
    /// throw ContractViolation.tooManyBytes(limit: limits.maxBytes, source: "standard input")
    /// ```
    public static func tooManyBytes(limit: Int, count: Int? = nil, source: String? = nil) -> ContractViolation {
        let size = count.map { "\($0) bytes, over the limit of \(limit)" } ?? "more than \(limit) bytes"
        return ContractViolation(
            rule: .tooManyBytes, keyPath: "", offset: limit, detail: size + (source.map { " on \($0)" } ?? ""))
    }

    public var description: String {
        let place = keyPath.isEmpty ? "document" : keyPath
        let at = offset.map { " (byte \($0))" } ?? ""
        return "\(place)\(at): \(detail) [\(rule.rawValue)]; the peer broke the contract: refuse the response"
    }

    /// `items[3].name` from a Codable coding path.
    static func keyPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}
