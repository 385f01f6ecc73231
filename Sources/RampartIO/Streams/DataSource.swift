import Foundation

/// A ``ByteSource`` over bytes already in memory; reading it never fails.
///
/// ```swift
/// var source = DataSource(Data(repeating: 7, count: 100))
/// let head = source.read(upTo: 10)   // ten 7s
/// ```
public struct DataSource: ByteSource, Sendable {
    public typealias Failure = Never

    private let data: Data
    private var offset: Int

    /// Reads `data` from its first byte.
    public init(_ data: Data) {
        self.data = data
        self.offset = data.startIndex
    }

    public mutating func read(upTo count: Int) -> Data {
        let end = min(offset + max(count, 0), data.endIndex)
        defer { offset = end }
        return data.subdata(in: offset..<end)
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let end = min(offset + buffer.count, data.endIndex)
        defer { offset = end }
        return data[offset..<end].copyBytes(to: buffer)
    }
}
