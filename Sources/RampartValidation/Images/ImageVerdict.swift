// What the structure check concluded about a file.

/// The conclusion of ``ImageInspector/inspect(_:)``.
///
/// ```swift
/// switch ImageInspector().inspect(upload).verdict {
/// case .valid: store(upload)
/// case .corrupt, .polyglot, .suspicious, .unsupported: refuse(upload)
/// }
/// ```
public enum ImageVerdict: String, Sendable, Hashable, CaseIterable, Codable {
    /// A well-formed image of a known format with nothing after its end and no script markers.
    case valid
    /// The structure is broken: bad signature, length, checksum, order, or truncated.
    case corrupt
    /// A well-formed image followed by other data (JPEG+ZIP, GIF+JAR, JPEG+MP3…).
    case polyglot
    /// Script markers (`<?php`, `<?=`, `<script`) inside, or over the caller's pixel or size caps.
    case suspicious
    /// Not a format the check knows.
    case unsupported
}
