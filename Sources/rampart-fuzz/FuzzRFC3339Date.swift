// Fuzzes the one RFC 3339 reader (`RFC3339Date.date(from:)`, `fullDate(_:)`): what it reads, the
// writer writes back to text that reads to the same instant, and a UTC timestamp re-written reads as
// the very fields it was given (so no day ever rolls over into the next month; a fraction of
// .999999999 may round up to the next second, below a Date's precision).
import Foundation
import RampartPolicy

enum FuzzRFC3339Date {
    static let target = FuzzTarget(
        name: "rfc3339", maxLength: 128, summary: "RFC3339Date.date(from:) and fullDate(_:): strict RFC 3339",
        run: run)

    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let name = target.name
        if let date = try? RFC3339Date.date(from: text) {
            FuzzCheck.require(text.utf8.allSatisfy { $0 < 0x80 }, name, "accepted non-ASCII text")
            let written = RFC3339Date.string(from: date, fractionalDigits: 9)
            guard let again = try? RFC3339Date.date(from: written) else {
                FuzzCheck.fail(name, "\(written), written from an accepted date, does not read back")
            }
            FuzzCheck.require(
                abs(again.timeIntervalSince(date)) < 1e-6, name, "\(written) reads back to another instant")
            let whole = RFC3339Date.string(from: date)
            FuzzCheck.require(
                RFC3339Date.parse(whole) != nil, name, "\(whole), written without fraction, does not read back")
            if let last = text.utf8.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") {
                // UTC in, UTC out: the date and time fields are the ones given. A fraction may round
                // up to the next second (.999999999 is below a Date's precision), never further.
                if !text.contains(".") {
                    FuzzCheck.require(
                        whole.prefix(19) == text.uppercased().prefix(19), name,
                        "\(text) was read as \(whole): a field changed")
                } else {
                    guard let base = RFC3339Date.parse(text.prefix(19) + "Z") else {
                        FuzzCheck.fail(name, "\(text) reads, but not without its fraction")
                    }
                    let fraction = date.timeIntervalSince(base)
                    FuzzCheck.require(
                        fraction > -1e-6 && fraction < 1 + 1e-6, name, "\(text) was read as \(whole): a field changed")
                }
            }
        }
        if let day = try? RFC3339Date.fullDate(text) {
            FuzzCheck.require(
                RFC3339Date.string(from: day) == text + "T00:00:00Z", name,
                "the full date \(text) was read as another day")
        }
    }
}
