import Foundation

/// Where a streaming operation (an encryption, a decryption, a copy) reads its input from.
///
/// `read(upTo:)` returns at most `count` bytes and an empty `Data` only at the end of the input.
/// It may return fewer bytes than asked before the end; callers that need exact sizes use
/// ``readFully(_:)``.
///
/// A source says how it fails with its ``Failure`` type, as swift-nio's `NIOFileSystem` handles
/// do: a ``FileSource`` throws ``IOError`` (the path, the system call, `errno`), a ``DataSource``
/// never throws, and a source that decrypts or parses throws its own module's error (an
/// authentication failure is not an I/O error). Consumers that accept any source map the
/// failures they do not know into their own type (RampartSeal's `SealErrorConvertible`).
///
/// ```swift
/// var source = DataSource(Data("hello".utf8))
/// let first = source.read(upTo: 4)   // "hell"
/// ```
public protocol ByteSource<Failure> {
    /// What reading can fail with (`Never` for bytes already in memory).
    associatedtype Failure: Error

    /// Up to `count` bytes; empty only at the end of the input.
    mutating func read(upTo count: Int) throws(Failure) -> Data
}

extension ByteSource {
    /// Exactly `count` bytes, or fewer only when the input ends first.
    ///
    /// ```swift
    /// var source = DataSource(Data(repeating: 7, count: 10))
    /// let nonce = source.readFully(16)   // 10 bytes: the input ended first
    /// ```
    public mutating func readFully(_ count: Int) throws(Failure) -> Data {
        var collected = try read(upTo: count)
        while collected.count < count {
            let more = try read(upTo: count - collected.count)
            if more.isEmpty { break }
            collected.append(more)
        }
        return collected
    }
}
