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

    /// Up to `buffer.count` bytes written into `buffer`; returns how many, 0 only at the end of the
    /// input. Streaming formats read into buffers they reuse, so a source that can fill one
    /// without an intermediate `Data` (a file: `read(2)` straight into it) implements this; the
    /// default copies what ``read(upTo:)`` returns.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int
}

extension ByteSource {
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        let bytes = try read(upTo: buffer.count)
        return bytes.copyBytes(to: buffer)
    }

    /// Fills `buffer`, or as much of it as the input holds; returns how many bytes were written
    /// (fewer than `buffer.count` only when the input ended).
    ///
    /// ```swift
    /// var source = DataSource(Data(repeating: 7, count: 10))
    /// var bytes = [UInt8](repeating: 0, count: 16)
    /// let count = bytes.withUnsafeMutableBytes { source.readFully(into: $0) }   // 10
    /// ```
    public mutating func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            filled += count
        }
        return filled
    }

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
