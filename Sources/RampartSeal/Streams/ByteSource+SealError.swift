import Foundation
import RampartIO

extension ByteSource where Failure: SealErrorConvertible {
    /// ``read(upTo:)``, its failure as a ``SealError`` (an `IOError` keeps its class and detail).
    ///
    /// ```swift
    /// let chunk = try source.sealRead(upTo: 1 << 16)
    /// ```
    package mutating func sealRead(upTo count: Int) throws(SealError) -> Data {
        do {
            return try read(upTo: count)
        } catch {
            throw error.sealError
        }
    }

    /// ``readFully(_:)``, its failure as a ``SealError``.
    ///
    /// ```swift
    /// let nonce = try source.sealReadFully(16)
    /// ```
    package mutating func sealReadFully(_ count: Int) throws(SealError) -> Data {
        do {
            return try readFully(count)
        } catch {
            throw error.sealError
        }
    }

    /// ``readFully(into:)``, its failure as a ``SealError``.
    ///
    /// ```swift
    /// let count = try source.sealReadFully(into: batch)
    /// ```
    package mutating func sealReadFully(into buffer: UnsafeMutableRawBufferPointer) throws(SealError) -> Int {
        do {
            return try readFully(into: buffer)
        } catch {
            throw error.sealError
        }
    }
}
