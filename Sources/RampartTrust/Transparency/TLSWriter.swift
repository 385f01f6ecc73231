/// Writes the TLS presentation language: big-endian integers and length-prefixed vectors. Package
/// API: the lab's CT log writes SCT lists with it.
package struct TLSWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func integer(_ value: UInt64, bytes count: Int) {
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    package mutating func raw(_ data: some Sequence<UInt8>) { bytes.append(contentsOf: data) }

    package mutating func vector(_ data: [UInt8], lengthBytes: Int) {
        integer(UInt64(data.count), bytes: lengthBytes)
        bytes.append(contentsOf: data)
    }
}
