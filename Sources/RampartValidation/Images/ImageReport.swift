// The answer of one image structure check: format, dimensions, verdict, and the first problem.

/// What ``ImageInspector`` found in one file.
///
/// ```swift
/// let report = ImageInspector().inspect(data)
/// print(report.format, report.width ?? 0, report.height ?? 0, report.verdict)
/// if let problem = report.problem { print("at byte \(report.offset ?? 0): \(problem)") }
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

    /// Whether the file is a structurally valid image with nothing appended.
    public var isValid: Bool { verdict == .valid }

    public init(format: ImageFormat, width: Int?, height: Int?, verdict: ImageVerdict, problem: String?, offset: Int?) {
        self.format = format
        self.width = width
        self.height = height
        self.verdict = verdict
        self.problem = problem
        self.offset = offset
    }
}
