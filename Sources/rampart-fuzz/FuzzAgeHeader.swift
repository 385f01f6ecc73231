// Fuzzes the age v1 header parser (`AgeHeader.parse`): a header that parses re-encodes to exactly
// the bytes it was read from, and its MAC input is those bytes up to `---`.
import Foundation
import RampartIO
import RampartSeal

enum FuzzAgeHeader {
    static let target = FuzzTarget(
        name: "age-header", maxLength: 8 * 1024, summary: "AgeHeader.parse: version line, stanzas, MAC line",
        run: run)

    static func run(_ data: Data) {
        var input = BufferedSource(SealSource(DataSource(data)))
        guard let header = try? AgeHeader.parse(from: &input) else { return }
        let name = target.name
        let prefix = Data((AgeHeader.versionLine + "\n" + header.stanzas.map(\.encoded).joined() + "---").utf8)
        FuzzCheck.require(header.macInput == prefix, name, "the MAC input is not the canonical header prefix")
        FuzzCheck.require(header.mac.count == 32, name, "the header MAC is not 32 bytes")
        var encoded = prefix
        encoded.append(Data((" " + StrictBase64.encodeUnpadded(header.mac) + "\n").utf8))
        FuzzCheck.require(
            input.offset == encoded.count, name,
            "the parser consumed \(input.offset) bytes, not the header's \(encoded.count)")
        FuzzCheck.require(
            data.prefix(encoded.count) == encoded, name, "a parsed header does not re-encode to the bytes it came from")
    }
}
