import Foundation

/// Where a streaming operation (an encryption, a decryption, a copy) writes its output.
///
/// Like ``ByteSource``, a sink names how it fails with its ``Failure`` type: a ``FileSink`` or
/// an `AtomicFileOutput` throw ``IOError`` (a full disk, a closed pipe), a ``DataSink`` never
/// throws, and a sink that checks what it is given throws its own module's error.
///
/// ```swift
/// var sink = DataSink()
/// sink.write(Data("hello".utf8))
/// print(sink.data.count)   // 5
/// ```
public protocol ByteSink<Failure> {
    /// What writing can fail with (`Never` for memory).
    associatedtype Failure: Error

    /// Appends `bytes` to the output.
    mutating func write(_ bytes: Data) throws(Failure)
}
