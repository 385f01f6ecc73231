import Foundation
import RampartIO

/// A ``ByteSink`` that counts the bytes written through it to its base, for reports that give an
/// output's size whatever it is written to (a file, a FIFO, a device). It holds the base by value:
/// a caller that lent its own sink puts ``base`` back when done, as the base may keep state.
struct CountingByteSink<Failure: Error>: ByteSink {
    var base: any ByteSink<Failure>
    /// The bytes written so far.
    private(set) var count = 0

    init(_ base: any ByteSink<Failure>) { self.base = base }

    mutating func write(_ bytes: Data) throws(Failure) {
        try base.write(bytes)
        count += bytes.count
    }
}
