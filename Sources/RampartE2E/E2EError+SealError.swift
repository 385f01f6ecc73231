import RampartIO
import RampartSeal

extension E2EError {
    /// A failure of the file or stream under an end-to-end operation, as ``io(_:)``: the
    /// ``IOError`` a Seal stream carries (its operation, path and `errno`), or, for a failure a
    /// caller's own source or sink threw in another class, an I/O failure with its words.
    ///
    /// ```swift
    /// do { try sink.write(header) } catch { throw E2EError(error) }
    /// ```
    package init(_ error: SealError) {
        self = .io(
            error.ioError ?? IOError(.ioFailure, .read, path: error.context.path ?? "", message: error.description))
    }
}
