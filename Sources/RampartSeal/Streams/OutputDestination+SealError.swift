import RampartIO

/// RampartIO's `OutputDestination` under the name RampartSeal's API used before it moved there.
@available(*, deprecated, renamed: "OutputDestination")
public typealias SealDestination = OutputDestination

extension OutputDestination {
    /// Runs `body`, which throws ``SealError``, with a sink for this destination; the
    /// destination's own failures arrive as the I/O classes of ``SealError``. A file appears only
    /// when `body` returned; see `write(holdUntilDone:mappingErrors:_:)`.
    ///
    /// ```swift
    /// try OutputDestination.file("plain.txt", replacing: false).write {
    ///     (sink: inout any ByteSink<IOError>) throws(SealError) in
    ///     try Age.decrypt(from: &source, to: &sink, identities: identities)
    /// }
    /// ```
    public func write(
        holdUntilDone: Bool = false, _ body: (inout any ByteSink<IOError>) throws(SealError) -> Void
    ) throws(SealError) {
        try write(holdUntilDone: holdUntilDone, mappingErrors: { SealError($0) }, body)
    }
}
