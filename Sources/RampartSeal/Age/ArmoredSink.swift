import Foundation
import RampartIO

/// Writes age's ASCII armor around whatever is written to it: a strict PEM block labelled
/// `AGE ENCRYPTED FILE`, padded base64 in 64-column lines. It fails as its base does.
///
/// ```swift
/// var armor = ArmoredSink(DataSink())
/// armor.write(binaryAgeFile)
/// armor.finish()
/// print(String(decoding: armor.base.data, as: UTF8.self))
/// ```
package struct ArmoredSink<Base: ByteSink>: ByteSink {
    package typealias Failure = Base.Failure

    static var beginLine: String { "-----BEGIN AGE ENCRYPTED FILE-----" }
    static var endLine: String { "-----END AGE ENCRYPTED FILE-----" }
    private static var lineBytes: Int { 48 }

    /// The sink receiving the armored text.
    package private(set) var base: Base
    private var pending = Data()
    private var begun = false

    /// Armors into `base`.
    package init(_ base: Base) { self.base = base }

    package mutating func write(_ bytes: Data) throws(Failure) {
        try begin()
        pending.append(bytes)
        let whole = (pending.count / Self.lineBytes) * Self.lineBytes
        guard whole > 0 else { return }
        try base.write(Self.lines(pending.prefix(whole)))
        pending = Data(pending.suffix(from: pending.startIndex + whole))
    }

    /// Writes the last line and the END line. Call once, after the last write.
    package mutating func finish() throws(Failure) {
        try begin()
        var tail = Self.lines(pending)
        tail.append(contentsOf: Data((Self.endLine + "\n").utf8))
        try base.write(tail)
        pending = Data()
    }

    private mutating func begin() throws(Failure) {
        guard !begun else { return }
        begun = true
        try base.write(Data((Self.beginLine + "\n").utf8))
    }

    private static func lines(_ bytes: Data) -> Data {
        var text = Data(capacity: bytes.count / 3 * 4 + bytes.count / lineBytes + 4)
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = min(start + lineBytes, bytes.endIndex)
            text.append(bytes[start..<end].base64EncodedData())
            text.append(UInt8(ascii: "\n"))
            start = end
        }
        return text
    }
}
