// The answer of one image structure check: format, dimensions, verdict, and the first problem.

/// What ``ImageInspector`` found in one file.
///
/// ```swift
/// let report = ImageInspector().inspect(data)
/// print(report.format, report.width ?? 0, report.height ?? 0, report.verdict)
/// if let problem = report.problem { print("at byte \(report.offset ?? 0): \(problem)") }
/// print(report.extraChunks)  // a WebP with metadata: ["EXIF", "XMP "]
/// ```
public struct ImageReport: Sendable, Hashable, Codable {
    /// The format recognised by the signature.
    public let format: ImageFormat
    /// The width in pixels, when the header was read.
    public let width: Int?
    /// The height in pixels, when the header was read.
    public let height: Int?
    /// The conclusion.
    public let verdict: ImageVerdict
    /// The first problem found, in words; nil when the verdict is ``ImageVerdict/valid``.
    public let problem: String?
    /// The byte offset of the first problem (for a polyglot: where the image ended).
    public let offset: Int?
    /// The chunks beside the image data, in file order, by their four-character codes: WebP's
    /// `ICCP`, `EXIF`, `XMP ` and any unknown chunk (in a simple lossy or lossless file they follow
    /// the image chunk). Empty for the other formats and when the structure broke before the end.
    public let extraChunks: [String]

    /// Whether the file is a structurally valid image with nothing appended.
    public var isValid: Bool { verdict == .valid }

    package init(
        format: ImageFormat, width: Int?, height: Int?, verdict: ImageVerdict, problem: String?, offset: Int?,
        extraChunks: [String] = []
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.verdict = verdict
        self.problem = problem
        self.offset = offset
        self.extraChunks = extraChunks
    }

    /// Reads a report; one written before `extraChunks` existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(ImageFormat.self, forKey: .format)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        verdict = try container.decode(ImageVerdict.self, forKey: .verdict)
        problem = try container.decodeIfPresent(String.self, forKey: .problem)
        offset = try container.decodeIfPresent(Int.self, forKey: .offset)
        extraChunks = try container.decodeIfPresent([String].self, forKey: .extraChunks) ?? []
    }
}
