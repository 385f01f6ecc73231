// Caps that keep decompression bombs and huge uploads out before anything decodes them.

/// Caps an ``ImageInspector`` applies; a file over a cap is ``ImageVerdict/suspicious``.
///
/// ```swift
/// let inspector = ImageInspector(limits: ImageLimits(maxPixels: 40_000_000, maxBytes: 20 << 20))
/// ```
public struct ImageLimits: Sendable, Hashable {
    /// The most pixels (width × height) accepted, or nil for no cap.
    public var maxPixels: Int?
    /// The most bytes accepted, or nil for no cap. A larger file is refused before it is parsed.
    public var maxBytes: Int?

    /// Caps on pixels and bytes (none by default).
    public init(maxPixels: Int? = nil, maxBytes: Int? = nil) {
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
    }

    /// No caps.
    public static let none = ImageLimits()
}
