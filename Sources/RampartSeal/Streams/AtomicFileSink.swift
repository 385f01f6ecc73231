import Foundation
import RampartIO

/// A ``ByteSink`` over RampartIO's `AtomicFileOutput`: what a streaming encryption or decryption
/// writes goes to the output file, which appears only when committed; I/O failures become
/// ``SealError``s.
///
/// ```swift
/// let output = try AtomicFileOutput(path: "plain.txt", replacing: false)
/// var sink = AtomicFileSink(output)
/// try Age.decrypt(from: &source, to: &sink, identities: identities)
/// try output.commit()
/// ```
package struct AtomicFileSink: ByteSink, @unchecked Sendable {
    /// The output written to; the caller commits or discards it.
    package let output: AtomicFileOutput

    package init(_ output: AtomicFileOutput) { self.output = output }

    package func write(_ bytes: Data) throws(SealError) {
        try SealError.mappingIO { () throws(IOError) in try output.write(bytes) }
    }
}
