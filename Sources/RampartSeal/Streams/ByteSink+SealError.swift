import Foundation
import RampartIO

extension ByteSink where Failure: SealErrorConvertible {
    /// ``write(_:)``, its failure as a ``SealError`` (a full disk or a closed pipe keeps its
    /// `IOError`).
    ///
    /// ```swift
    /// try sink.sealWrite(header)
    /// ```
    package mutating func sealWrite(_ bytes: Data) throws(SealError) {
        do {
            try write(bytes)
        } catch {
            throw error.sealError
        }
    }
}
