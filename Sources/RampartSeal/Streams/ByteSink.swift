import Foundation

/// Where a streaming encryption or decryption writes its output.
///
/// ```swift
/// var sink = DataSink()
/// try sink.write(Data("hello".utf8))
/// print(sink.data.count)   // 5
/// ```
public protocol ByteSink {
    /// Appends `bytes` to the output.
    mutating func write(_ bytes: Data) throws(SealError)
}

/// A ``ByteSink`` that collects everything in memory.
public struct DataSink: ByteSink, Sendable {
    /// Everything written so far.
    public private(set) var data = Data()

    /// An empty sink.
    public init() {}

    public mutating func write(_ bytes: Data) throws(SealError) {
        data.append(bytes)
    }
}
