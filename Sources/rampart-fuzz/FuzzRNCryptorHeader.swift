// Fuzzes the RNCryptor v3 header parser (`RNCryptor.Header.parse`): a header that parses
// re-encodes to the bytes it was read from.
import Foundation
import RampartSeal

enum FuzzRNCryptorHeader {
    static let target = FuzzTarget(
        name: "rncryptor-header", maxLength: 128, summary: "RNCryptor.Header.parse: version, options, salts, IV",
        run: run)

    static func run(_ data: Data) {
        guard let header = try? RNCryptor.Header.parse(data) else { return }
        let name = target.name
        let encoded = header.encode()
        FuzzCheck.require(encoded.count == header.count, name, "the encoded header is not \(header.count) bytes")
        FuzzCheck.require(data.prefix(header.count) == encoded, name, "a parsed header does not re-encode to its bytes")
        FuzzCheck.require(
            (try? RNCryptor.Header.parse(encoded)) == header, name, "an encoded header does not parse back")
    }
}
