import Foundation

/// A file handed to a ``ScanAnalyzer``: its display path (relative to the scanned root, or inside an
/// archive) and its bytes, already read within the engine's size limit.
///
/// ```swift
/// let file = ScanFile(path: "App/Network.swift", contents: Array("let u = \"http://x\"".utf8))
/// ```
public struct ScanFile: Sendable {
    public var path: String
    public var contents: [UInt8]
    /// Where the file is on disk, when it is one (not a member of an archive). Analyzers of archives read
    /// through it with their own bounds instead of ``contents``, which the engine leaves empty for them.
    public var url: URL?

    public init(path: String, contents: [UInt8], url: URL? = nil) {
        self.path = path
        self.contents = contents
        self.url = url
    }

    /// The text, when the bytes are UTF-8; nil otherwise.
    public var text: String? { String(validating: contents, as: UTF8.self) }
}
