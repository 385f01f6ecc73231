// Fuzzes age's strict ASCII armor reader (`ArmoredSource`), fed in fuzzer-chosen slices: what it
// decodes is never more than the text allows, and armoring it again reads back the same bytes.
import Foundation
import RampartIO
import RampartSeal

enum FuzzArmoredSource {
    static let target = FuzzTarget(
        name: "age-armor", maxLength: 16 * 1024,
        summary: "ArmoredSource: PEM-style armor (first byte chooses read slices)", run: run)

    static func run(_ data: Data) {
        let name = target.name
        guard let decoded = dearmor(BufferedSource(SealSource(SlicedSource(data)))) else { return }
        FuzzCheck.require(decoded.count <= data.count * 3 / 4, name, "armor decoded to more bytes than its text holds")
        // A whole-input read agrees with the sliced one.
        let whole = dearmor(BufferedSource(SealSource(DataSource(Data(data.dropFirst())))))
        FuzzCheck.require(whole == decoded, name, "sliced and whole reads of the same armor differ")
        var sink = ArmoredSink(DataSink())
        sink.write(decoded)
        sink.finish()
        let reread = dearmor(BufferedSource(SealSource(DataSource(sink.base.data))))
        FuzzCheck.require(reread == decoded, name, "re-armored bytes do not read back the same")
    }

    /// Everything the armor decodes to, or `nil` when it is refused.
    private static func dearmor<Base>(_ input: BufferedSource<Base>) -> Data? where Base.Failure == SealError {
        var input = input
        guard (try? ArmoredSource.looksArmored(&input)) == true, var armor = try? ArmoredSource(input) else {
            return nil
        }
        var decoded = Data()
        while true {
            guard let piece = try? armor.read(upTo: 4096) else { return nil }
            if piece.isEmpty { return decoded }
            decoded.append(piece)
        }
    }
}
