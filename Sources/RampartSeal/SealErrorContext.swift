import RampartIO

/// What a ``SealError`` says beyond its class: a sentence for people, and the stage, byte offset,
/// payload chunk and path a program can act on.
///
/// A string literal is a context with only its ``detail``, so code can throw
/// `.malformed("the header has no recipient stanza")` and add structure where it knows it.
///
/// ```swift
/// throw SealError.truncated(
///     SealErrorContext("chunk 3 is 12 bytes, shorter than its tag", stage: .agePayloadChunk, offset: 196_708, chunk: 3))
/// ```
public struct SealErrorContext: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// What was wrong and what to do, for people.
    public var detail: String
    /// Where in the format or around it the failure arose, when known.
    public var stage: SealStage?
    /// The byte offset in the sealed input where the failing part starts, when known (for an
    /// armored age file, in the binary file the armor holds).
    public var offset: Int?
    /// The age payload chunk (counted from 0) that failed, for ``SealStage/agePayloadChunk``.
    public var chunk: Int?
    /// The file involved, when the failure is about one.
    public var path: String?
    /// The file or stream failure underneath, when reading or writing failed (its operation, system
    /// call and `errno`).
    public var ioError: IOError?

    public init(
        _ detail: String, stage: SealStage? = nil, offset: Int? = nil, chunk: Int? = nil, path: String? = nil
    ) {
        self.detail = detail
        self.stage = stage
        self.offset = offset
        self.chunk = chunk
        self.path = path
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    public var description: String { detail }

    /// This context with `stage` (and `offset`) filled in where they were not known yet.
    public func at(_ stage: SealStage, offset: Int? = nil) -> SealErrorContext {
        var copy = self
        if copy.stage == nil { copy.stage = stage }
        if copy.offset == nil { copy.offset = offset }
        return copy
    }
}
