import Foundation
import RampartIO

/// A ``ByteSource`` that counts the bytes its base hands out, for reports that give an input's
/// size when the input is a pipe (standard input has no size to ask for). It reads exactly as its
/// base does. A class: the library wraps the source it is given in sources of its own (copies of a
/// struct would each count apart), and every copy of this one adds to the same ``count``.
final class CountingByteSource<Base: ByteSource>: ByteSource {
    typealias Failure = Base.Failure

    private var base: Base
    /// The bytes read so far.
    private(set) var count = 0

    init(_ base: Base) { self.base = base }

    func read(upTo count: Int) throws(Failure) -> Data {
        let bytes = try base.read(upTo: count)
        self.count += bytes.count
        return bytes
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        let read = try base.read(into: buffer)
        count += read
        return read
    }
}
