import SwiftASN1
import X509

extension Certificate {
    /// The certificate's DER encoding.
    ///
    /// ```swift
    /// let digest = SHA256.hash(data: try certificate.derBytes)
    /// ```
    public var derBytes: [UInt8] {
        get throws {
            var serializer = DER.Serializer()
            try serializer.serialize(self)
            return serializer.serializedBytes
        }
    }
}
