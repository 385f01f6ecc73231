import Foundation
import RampartPolicy
import Testing

/// The one RFC 3339 reader: what it accepts, what it refuses (each of the inputs
/// `ISO8601DateFormatter` used to accept or roll over), and the writer's round trip.
@Suite("RFC 3339 dates")
struct RFC3339DateTests {
    static let epoch2026 = Date(timeIntervalSince1970: 1_793_534_400)  // 2026-11-01T12:00:00Z

    @Test(
        "accepted forms: Z or z, T or t, ±hh:mm offsets, fractional seconds",
        arguments: [
            ("2026-11-01T12:00:00Z", 0.0),
            ("2026-11-01t12:00:00z", 0.0),
            ("2026-11-01T13:00:00+01:00", 0.0),
            ("2026-11-01T06:30:00-05:30", 0.0),
            ("2026-11-01T12:00:00-00:00", 0.0),
            ("2026-11-01T12:00:00.5Z", 0.5),
            ("2026-11-01T12:00:00.123456789Z", 0.123456789),
            ("2026-11-01T12:00:00.1234567891234Z", 0.123456789),
            ("2026-11-02T11:59:00+23:59", 0.0),
        ])
    func accepted(text: String, fraction: Double) throws {
        let date = try RFC3339Date.date(from: text)
        #expect(abs(date.timeIntervalSince(Self.epoch2026) - fraction) < 1e-6, "\(text) → \(date)")
    }

    @Test(
        "refused: days that do not exist, 24:00, out-of-range offsets, full-width digits, trailing bytes, leap seconds",
        arguments: [
            ("2025-02-30T00:00:00Z", "day 30 does not exist in February 2025"),
            ("2025-02-29T00:00:00Z", "day 29 does not exist in February 2025"),
            ("2025-04-31T00:00:00Z", "day 31 does not exist"),
            ("2025-13-01T00:00:00Z", "month 13 does not exist"),
            ("2025-00-01T00:00:00Z", "month 0 does not exist"),
            ("2025-01-00T00:00:00Z", "day 0 does not exist"),
            ("2025-01-01T24:00:00Z", "hour 24"),
            ("2025-01-01T23:60:00Z", "minute 60"),
            ("2025-01-01T23:59:61Z", "second 61"),
            ("2016-12-31T23:59:60Z", "leap seconds"),
            ("2025-01-01T00:00:00+99:99", "offset is out of range"),
            ("2025-01-01T00:00:00+24:00", "offset is out of range"),
            ("2025-01-01T00:00:00+0100", "':' inside the offset"),
            ("２０２５-01-01T00:00:00Z", "ASCII digits"),
            ("2025-01-01T00:00:00Z\n", "unexpected byte"),
            (" 2025-01-01T00:00:00Z", "ASCII digits"),
            ("2025-01-01 00:00:00Z", "'T' between"),
            ("2025-01-01T00:00:00", "ends where a time zone"),
            ("2025-01-01T00:00:00.Z", "no digits"),
            ("2025-1-01T00:00:00Z", "month needs 2 ASCII digits"),
            ("2025-01-01", "ends where 'T'"),
            ("0000-01-01T00:00:00+00:01", "outside years 0000–9999"),
            ("9999-12-31T23:59:59.9999999Z", "rounds to 10000-01-01"),
            ("", "ends inside the year"),
        ])
    func refused(text: String, reason: String) {
        #expect(RFC3339Date.parse(text) == nil, "\(text.debugDescription) was accepted")
        #expect {
            try RFC3339Date.date(from: text)
        } throws: { error in
            guard let failure = error as? RFC3339Date.Failure else { return false }
            return failure.reason.contains(reason) && failure.description.contains("is not an RFC 3339 timestamp")
        }
    }

    @Test("February 29th exists in leap years only (2000 and 2024 yes, 1900 and 2100 no)")
    func leapYears() {
        #expect(RFC3339Date.parse("2024-02-29T00:00:00Z") != nil)
        #expect(RFC3339Date.parse("2000-02-29T00:00:00Z") != nil)
        #expect(RFC3339Date.parse("1900-02-29T00:00:00Z") == nil)
        #expect(RFC3339Date.parse("2100-02-29T00:00:00Z") == nil)
    }

    @Test("the message quotes control characters escaped and names the byte offset")
    func message() {
        #expect {
            try RFC3339Date.date(from: "2025-01-01T00:00:00Z\u{1B}[31m")
        } throws: { error in
            let text = "\(error)"
            return text.contains("\\u{1B}") && !text.contains("\u{1B}") && text.contains("at byte 20")
        }
    }

    @Test("full-date: midnight UTC of a real day")
    func fullDate() throws {
        #expect(try RFC3339Date.fullDate("2030-01-31") == Date(timeIntervalSince1970: 1_896_048_000))
        #expect(throws: RFC3339Date.Failure.self) { try RFC3339Date.fullDate("2030-02-31") }
        #expect(throws: RFC3339Date.Failure.self) { try RFC3339Date.fullDate("2030-1-31") }
        #expect(throws: RFC3339Date.Failure.self) { try RFC3339Date.fullDate("2030-01-31T00:00:00Z") }
    }

    @Test("the writer: UTC, truncated fractions, and what it writes reads back to the same instant")
    func writer() throws {
        #expect(RFC3339Date.string(from: Self.epoch2026) == "2026-11-01T12:00:00Z")
        #expect(RFC3339Date.string(from: Self.epoch2026 + 0.25, fractionalDigits: 3) == "2026-11-01T12:00:00.250Z")
        #expect(RFC3339Date.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(RFC3339Date.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
        #expect(RFC3339Date.string(from: Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
        // The last instant a Date can tell apart from year 10000 is read (fuzzing found the one just after).
        #expect(RFC3339Date.parse("9999-12-31T23:59:59.999Z") != nil)
        for text in ["1970-01-01T00:00:00Z", "2024-02-29T23:59:59.999Z", "0001-03-01T00:00:00+05:00"] {
            let date = try RFC3339Date.date(from: text)
            let again = try RFC3339Date.date(from: RFC3339Date.string(from: date, fractionalDigits: 9))
            #expect(abs(again.timeIntervalSince(date)) < 1e-6, "\(text)")
        }
        // Dates no RFC 3339 text can hold are written without trapping.
        #expect(RFC3339Date.string(from: Date(timeIntervalSince1970: 1e300)).hasPrefix("after"))
        #expect(RFC3339Date.string(from: .distantFuture).hasPrefix("4001-01-01"))
        #expect(RFC3339Date.string(from: Date(timeIntervalSince1970: 1e13)).hasPrefix("+318857-"))
    }
}
