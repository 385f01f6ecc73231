import Foundation

/// Where a streaming encryption or decryption reads its input from.
///
/// `read(upTo:)` returns at most `count` bytes and an empty `Data` only at the end of the input.
/// It may return fewer bytes than asked before the end; callers that need exact sizes loop.
///
/// ```swift
/// var source = DataSource(Data("hello".utf8))
/// let first = try source.read(upTo: 4)   // "hell"
/// ```
public protocol ByteSource {
    /// Up to `count` bytes; empty only at the end of the input.
    mutating func read(upTo count: Int) throws(SealError) -> Data
}

extension ByteSource {
    /// Exactly `count` bytes, or fewer only when the input ends first.
    public mutating func readFully(_ count: Int) throws(SealError) -> Data {
        var collected = try read(upTo: count)
        while collected.count < count {
            let more = try read(upTo: count - collected.count)
            if more.isEmpty { break }
            collected.append(more)
        }
        return collected
    }
}

/// A ``ByteSource`` over bytes already in memory.
///
/// ```swift
/// var source = DataSource(Data(repeating: 7, count: 100))
/// ```
public struct DataSource: ByteSource, Sendable {
    private let data: Data
    private var offset: Int

    /// Reads `data` from its first byte.
    public init(_ data: Data) {
        self.data = data
        self.offset = data.startIndex
    }

    public mutating func read(upTo count: Int) throws(SealError) -> Data {
        let end = min(offset + max(count, 0), data.endIndex)
        defer { offset = end }
        return data.subdata(in: offset..<end)
    }
}
