import RampartIO

/// A failure that a source or sink handed to RampartSeal may throw, and the ``SealError`` it
/// becomes there: RampartIO's `IOError` (a `FileSource`, a `FileSink`) becomes the I/O classes
/// (``SealError/notFound(_:)``, ``SealError/cannotCreateOutput(_:)``, ``SealError/brokenPipe(_:)``,
/// ``SealError/io(_:)``) with the `IOError` kept in its context, a ``SealError`` stays itself, and
/// `Never` (a `DataSource`, a `DataSink`) never happens.
///
/// Conform your own stream's error to hand that stream to `Age` or `RNCryptor`:
///
/// ```swift
/// struct UploadError: Error, SealErrorConvertible {
///     var sealError: SealError { .io("the upload failed") }
/// }
/// ```
public protocol SealErrorConvertible: Error {
    /// This failure as a ``SealError``.
    var sealError: SealError { get }
}

extension SealError: SealErrorConvertible {
    public var sealError: SealError { self }
}

extension IOError: SealErrorConvertible {
    public var sealError: SealError { SealError(self) }
}

extension Never: SealErrorConvertible {
    public var sealError: SealError {
        switch self {}
    }
}
