/// An inline suppression: `// rampart:ignore RS-NET-001 reason` (also in `/* … */`, `# …` and
/// `<!-- rampart:ignore RS-NET-001 reason -->` in property lists), on the finding's line or the line before.
///
/// The reason is required: a suppression without one suppresses nothing and is reported, so that every hidden
/// finding says why it is safe. Several rules may be named, separated by commas: `RS-NET-001,RS-NET-002`.
///
/// ```swift
/// let suppressions = ScanSuppression.all(in: "let u = \"http://x\" // rampart:ignore RS-NET-001 lab only")
/// print(suppressions.first?.ruleIDs ?? [], suppressions.first?.reason ?? "")
/// ```
public struct ScanSuppression: Sendable, Hashable {
    /// The marker a suppression starts with.
    public static let marker = "rampart:ignore"

    /// The line of the comment, from 1.
    public var line: Int
    /// The rule ids it names.
    public var ruleIDs: [String]
    /// Why the findings are safe to ignore; empty when none was given (then it suppresses nothing).
    public var reason: String

    public init(line: Int, ruleIDs: [String], reason: String) {
        self.line = line
        self.ruleIDs = ruleIDs
        self.reason = reason
    }

    /// Whether it hides a finding of `ruleID` on `line`: it names the rule, gives a reason, and sits on that line
    /// or the one before.
    public func suppresses(ruleID: String, line findingLine: Int) -> Bool {
        !reason.isEmpty && ruleIDs.contains(ruleID) && (line == findingLine || line == findingLine - 1)
    }

    /// Every suppression in `text`, in line order. Only a marker inside a comment counts (after `//`, `/*`, `#`
    /// or `<!--` on its line).
    public static func all(in text: String) -> [ScanSuppression] {
        guard text.contains(marker) else { return [] }
        var found: [ScanSuppression] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard let range = line.firstRange(of: marker) else { continue }
            let before = line[..<range.lowerBound]
            guard ["//", "/*", "<!--", "#"].contains(where: { before.contains($0) }) else { continue }
            var rest = Substring(line[range.upperBound...])
            guard rest.isEmpty || rest.first?.isWhitespace == true else { continue }
            for closing in ["-->", "*/"] {
                if let end = rest.firstRange(of: closing) { rest = rest[..<end.lowerBound] }
            }
            let words = rest.split(whereSeparator: { $0.isWhitespace })
            var ids: [String] = []
            var used = 0
            for word in words {
                let parts = word.split(separator: ",").map(String.init)
                guard !parts.isEmpty, parts.allSatisfy(looksLikeRuleID) else { break }
                ids += parts
                used += 1
            }
            let reason = words.dropFirst(used).joined(separator: " ")
            found.append(ScanSuppression(line: number, ruleIDs: ids, reason: reason))
        }
        return found
    }

    /// `RS-` followed by letters, a dash and digits, as every rule id is; other words start the reason.
    static func looksLikeRuleID(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "RS", let last = parts.last, !last.isEmpty,
            last.allSatisfy(\.isNumber)
        else { return false }
        return parts.dropFirst().dropLast().allSatisfy {
            !$0.isEmpty && $0.allSatisfy { $0.isLetter && $0.isUppercase }
        }
    }

    /// What is wrong with this suppression, given the rule ids that exist; nil when it is well formed.
    func problem(knownRuleIDs: Set<String>) -> String? {
        if ruleIDs.isEmpty {
            return "line \(line): \(Self.marker) names no rule; write \(Self.marker) RS-AREA-NNN and why it is safe"
        }
        let unknown = ruleIDs.filter { !knownRuleIDs.contains($0) }
        if !unknown.isEmpty {
            return "line \(line): \(Self.marker) names \(unknown.joined(separator: ", ")), which is no rule of "
                + "rampart scan; it suppresses nothing under that id"
        }
        if reason.isEmpty {
            return "line \(line): \(Self.marker) \(ruleIDs.joined(separator: ",")) gives no reason, so it suppresses "
                + "nothing; add why the finding is safe after the rule id"
        }
        return nil
    }

    /// What is wrong with a well-formed suppression that hid no finding (`used` false): the code it excused
    /// changed, or it sits on the wrong line. A stale suppression would hide the next finding there unread.
    func unusedProblem(_ used: Bool) -> String? {
        guard !used else { return nil }
        return "line \(line): \(Self.marker) \(ruleIDs.joined(separator: ",")) suppresses nothing: no such finding "
            + "on this line or the next; remove it, or move it next to the finding it excuses"
    }
}
