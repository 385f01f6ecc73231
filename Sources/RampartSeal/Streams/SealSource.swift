import Foundation
import RampartIO

/// A caller's ``ByteSource`` seen as one that fails with ``SealError``: what the formats read
/// through, so an `IOError` from a file arrives as an I/O class of ``SealError`` (its `IOError`
/// kept) and a format's own failures stay apart from it.
///
/// ```swift
/// var input = BufferedSource(SealSource(try FileSource(path: "secret.age")))
/// let header = try AgeHeader.parse(from: &input)
/// ```
package struct SealSource<Base: ByteSource>: ByteSource where Base.Failure: SealErrorConvertible {
    package typealias Failure = SealError

    /// The source read from.
    package private(set) var base: Base

    /// Reads `base`.
    package init(_ base: Base) { self.base = base }

    package mutating func read(upTo count: Int) throws(SealError) -> Data {
        try base.sealRead(upTo: count)
    }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SealError) -> Int {
        do {
            return try base.read(into: buffer)
        } catch {
            throw error.sealError
        }
    }
}
