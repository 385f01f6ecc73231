import Foundation
import RampartIO

extension BufferedSource where Failure == SealError {
    /// The next line of a text header (its `\n` included), the unterminated rest at the end of
    /// input, or `nil` at the end; a line longer than `limit` bytes is ``SealError/malformed(_:)``
    /// naming its offset.
    ///
    /// ```swift
    /// guard let line = try input.readHeaderLine(limit: 18 * 1024) else { … }
    /// ```
    package mutating func readHeaderLine(limit: Int) throws(SealError) -> Data? {
        let start = offset
        guard let line = try readLine(limit: limit) else { return nil }
        guard line.count <= limit else {
            throw .malformed("a header line at byte \(start) is longer than \(limit) bytes")
        }
        return line
    }
}
