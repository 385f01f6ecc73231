// Caps that keep decompression bombs and huge uploads out before anything decodes them.

/// Caps an ``ImageInspector`` applies; a file over a cap is ``ImageVerdict/suspicious``.
///
/// `ImageLimits()` caps pixels at 100 megapixels (a 48-megapixel phone photo passes; a
/// 100000×100000 header, a decompression bomb, does not) and bytes not at all.
///
/// ```swift
/// let inspector = ImageInspector(limits: ImageLimits(maxPixels: 40_000_000, maxBytes: 20 << 20))
/// let uncapped = ImageInspector(limits: .none)  // only where something else bounds the decoder
/// ```
public struct ImageLimits: Sendable, Hashable {
    /// The most pixels (width × height) accepted, or nil for no cap.
    public var maxPixels: Int?
    /// The most bytes accepted, or nil for no cap. A larger file is refused before it is parsed.
    public var maxBytes: Int?

    /// The pixel cap of `ImageLimits()`: 100 megapixels.
    public static let defaultMaxPixels = 100_000_000

    /// Caps on pixels (100 megapixels by default; nil for none) and bytes (none by default).
    public init(maxPixels: Int? = ImageLimits.defaultMaxPixels, maxBytes: Int? = nil) {
        self.maxPixels = maxPixels
        self.maxBytes = maxBytes
    }

    /// The default caps: 100 megapixels, any number of bytes.
    public static let `default` = ImageLimits()

    /// No caps.
    public static let none = ImageLimits(maxPixels: nil, maxBytes: nil)
}
