import Foundation

extension Data {
    /// Bytes from lowercase hex (empty for anything else: vectors are trusted fixtures).
    init(hex: String) {
        var bytes = [UInt8]()
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            func value(_ c: UInt8) -> UInt8 { c >= 97 ? c - 87 : c >= 65 ? c - 55 : c - 48 }
            bytes.append(value(high) << 4 | value(low))
        }
        self.init(bytes)
    }

    /// Lowercase hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
