// A length limit for text fields, in a named unit, and the "may this edit happen" answer a text
// field's delegate needs.

import Foundation

/// A maximum length in an explicit ``TextUnit``, and the edits it allows.
///
/// `allows(replacing:in:with:)` is the pure function behind a text field's
/// `shouldChangeCharactersIn` delegate call: it applies the edit to a copy and measures the result,
/// so emoji, combining marks and ZWJ sequences count as what they are.
///
/// ```swift
/// let limit = TextLimit(maximum: 10, unit: .graphemeClusters)
/// limit.allows("hello", replacing: NSRange(location: 5, length: 0), with: "👩‍👩‍👧")  // true: 6 characters
/// TextLimit(maximum: 20, unit: .utf8Bytes).allows("hello", replacing: NSRange(location: 5, length: 0), with: "👩‍👩‍👧")  // false: 23 bytes
/// ```
public struct TextLimit: Sendable, Hashable {
    /// The most units allowed.
    public let maximum: Int
    /// What is counted.
    public let unit: TextUnit

    /// A limit of `maximum` units.
    public init(maximum: Int, unit: TextUnit) {
        self.maximum = maximum
        self.unit = unit
    }

    /// Whether `text` is within the limit.
    public func contains(_ text: some StringProtocol) -> Bool {
        unit.length(of: text) <= maximum
    }

    /// Whether replacing `range` (UTF-16, as UIKit's delegates give it) of `text` with `replacement`
    /// keeps the text within the limit. A range outside the text, or one that splits a surrogate
    /// pair, is refused. An edit that shortens a text already over the limit is allowed.
    public func allows(_ text: String, replacing range: NSRange, with replacement: String) -> Bool {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0,
            let swiftRange = Range(range, in: text)
        else { return false }
        return allows(text, replacing: swiftRange, with: replacement)
    }

    /// Whether replacing `range` of `text` with `replacement` keeps the text within the limit.
    public func allows(_ text: String, replacing range: Range<String.Index>, with replacement: String) -> Bool {
        guard range.lowerBound >= text.startIndex, range.upperBound <= text.endIndex else { return false }
        var edited = text
        edited.replaceSubrange(range, with: replacement)
        let after = unit.length(of: edited)
        if after <= maximum { return true }
        return after < unit.length(of: text)  // deleting from an over-long text is always fine
    }
}
