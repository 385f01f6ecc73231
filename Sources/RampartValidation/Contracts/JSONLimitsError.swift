// A JSONLimits value that cannot be honoured, found before any document is read.

/// Thrown by ``JSONLimits/check()`` for a limit below 1 or a depth Foundation's parser cannot read.
///
/// ```swift
/// do { try JSONLimits(maxBytes: 1 << 20, maxDepth: 1000, maxStringBytes: 4096, maxElements: 1000).check() }
/// catch { print(error.limit, error) }  // maxDepth: maxDepth 1000 is deeper than the 512 levels …
/// ```
public struct JSONLimitsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The property of ``JSONLimits`` at fault (`maxDepth`).
    public let limit: String
    /// Its value.
    public let value: Int
    /// What was wrong and what to do, in words.
    public let detail: String

    public init(limit: String, value: Int, detail: String) {
        self.limit = limit
        self.value = value
        self.detail = detail
    }

    public var description: String { detail }
}
