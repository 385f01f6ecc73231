import Foundation

/// A ``ByteSink`` that collects everything in memory; writing to it never fails.
///
/// ```swift
/// var sink = DataSink()
/// sink.write(Data("hello".utf8))
/// print(sink.data.count)   // 5
/// ```
public struct DataSink: ByteSink, Sendable {
    public typealias Failure = Never

    /// Everything written so far.
    public private(set) var data = Data()

    /// An empty sink.
    public init() {}

    public mutating func write(_ bytes: Data) {
        data.append(bytes)
    }
}
