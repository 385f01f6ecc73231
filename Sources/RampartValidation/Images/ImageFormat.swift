// The image formats the structure check knows.

/// An image format recognised by its signature.
///
/// ```swift
/// ImageInspector().inspect(data).format == .png
/// ```
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case jpeg
    case png
    case gif
    case webp
    case heic
    case avif
    /// No known signature.
    case unknown
}
