import Foundation

/// Rampart's one reader (and writer) of RFC 3339 timestamps: CT log lists, TrustKit's
/// `TSKExpirationDate`, `rampart ct check --at`. Strict, so that a date is never guessed.
///
/// Read: `date-time` as RFC 3339 §5.6 defines it, `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±hh:mm)`:
/// - ASCII digits only, each field its exact width, and nothing before or after (no space, no
///   newline);
/// - `T` or `t` between date and time, `Z` or `z` for UTC, or an offset `±hh:mm` up to `±23:59`
///   (`-00:00`, "offset unknown", is the same instant as `Z`);
/// - any number of fractional digits (the first nine count: a `Date` holds no more);
/// - a real calendar day (`2025-02-30` is refused, never rolled into March), hours `00`–`23` (no
///   `24:00:00`), minutes and seconds `00`–`59`.
/// - **Leap seconds (`:60`) are refused**: a `Date`, like POSIX time, has no place for them (Go's
///   `time.Parse` and Python's `datetime.fromisoformat` refuse them too), and no input Rampart
///   reads has ever carried one.
/// - The instant, in UTC, must lie in years 0000–9999, so that what is read can be written back.
///
/// `fullDate(_:)` reads a `full-date` (`YYYY-MM-DD`) as midnight UTC. Nothing here uses a
/// formatter, a calendar or a locale: it is plain arithmetic on the bytes, cheap enough for a log
/// list with thousands of dates.
///
/// ```swift
/// let when = try RFC3339Date.date(from: "2026-11-01T12:00:00.5+01:00")
/// RFC3339Date.string(from: when)                       // "2026-11-01T11:00:00Z"
/// RFC3339Date.string(from: when, fractionalDigits: 3)  // "2026-11-01T11:00:00.500Z"
/// RFC3339Date.parse("2025-02-30T00:00:00Z")            // nil: February has no 30th
/// ```
public enum RFC3339Date {
    /// Why a text is not an RFC 3339 timestamp, and where (a UTF-8 byte offset).
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text as given (at most its first 64 characters).
        public let text: String
        /// What is wrong, in words.
        public let reason: String
        /// The byte offset in the text's UTF-8 where the problem is.
        public let offset: Int

        public var description: String {
            "\(RFC3339Date.quoted(text)) is not an RFC 3339 timestamp: \(reason) (at byte \(offset)); "
                + "write it as 2026-11-01T12:00:00Z or 2026-11-01T13:00:00+01:00"
        }
    }

    /// Reads an RFC 3339 `date-time`.
    ///
    /// - Throws: ``Failure`` naming the first thing that is wrong and its byte offset.
    public static func date(from text: some StringProtocol) throws(Failure) -> Date {
        var parser = Parser(String(text))
        return try parser.dateTime()
    }

    /// ``date(from:)``, or `nil` when the text is not an RFC 3339 `date-time`.
    public static func parse(_ text: some StringProtocol) -> Date? {
        try? date(from: text)
    }

    /// Reads an RFC 3339 `full-date` (`YYYY-MM-DD`, a real calendar day) as 00:00:00 UTC that day.
    ///
    /// - Throws: ``Failure``.
    public static func fullDate(_ text: some StringProtocol) throws(Failure) -> Date {
        var parser = Parser(String(text))
        let days = try parser.calendarDay()
        try parser.end()
        return Date(timeIntervalSince1970: Double(days * 86_400))
    }

    /// Writes `date` in UTC as `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, with `fractionalDigits` (0…9)
    /// digits of the second, truncated. What ``date(from:)`` reads, this writes back to the same
    /// instant (to the nanosecond, within a `Date`'s own precision).
    ///
    /// A date outside years 0000–9999 has no RFC 3339 form: it is written with an expanded,
    /// signed year (ISO 8601's `+10000-01-01T00:00:00Z`), and one too far to compute as seconds
    /// since 1970, which this reader refuses; nothing traps.
    public static func string(from date: Date, fractionalDigits: Int = 0) -> String {
        let digits = min(max(fractionalDigits, 0), 9)
        let interval = date.timeIntervalSince1970
        // ±1e15 s is about ±31 million years: well inside Int and Double's exact integers.
        guard interval.isFinite, abs(interval) < 1e15 else {
            return interval.isNaN ? "not a date" : (interval < 0 ? "before year -31000000" : "after year 31000000")
        }
        let wholeSeconds = interval.rounded(.down)
        var seconds = Int(wholeSeconds)
        var fraction = 0
        if digits > 0 {
            var scale = 1
            for _ in 0..<digits { scale *= 10 }
            fraction = min(Int(((interval - wholeSeconds) * Double(scale)).rounded(.down)), scale - 1)
        }
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        seconds -= days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var text = ""
        text.reserveCapacity(32)
        if year < 0 || year > 9999 {
            text += year < 0 ? "-" : "+"
            text += padded(abs(year), 4)
        } else {
            text += padded(year, 4)
        }
        text += "-" + padded(month, 2) + "-" + padded(day, 2)
        text += "T" + padded(seconds / 3600, 2) + ":" + padded(seconds / 60 % 60, 2) + ":" + padded(seconds % 60, 2)
        if digits > 0 { text += "." + padded(fraction, digits) }
        return text + "Z"
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, Howard Hinnant's days_from_civil)

    /// Days from 1970-01-01 to the given day.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The text for a message: printable ASCII as is, anything else escaped, at most 64 characters.
    static func quoted(_ text: String) -> String {
        var out = "'"
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 64 {
                out += "…"
                break
            }
            if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "'" && scalar != "\\" {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out + "'"
    }

    /// One pass over the UTF-8 bytes.
    private struct Parser {
        let text: String
        let bytes: [UInt8]
        var index = 0

        init(_ text: String) {
            self.text = text
            self.bytes = Array(text.utf8)
        }

        func failure(_ reason: String, at offset: Int? = nil) -> Failure {
            Failure(text: String(text.prefix(64)), reason: reason, offset: offset ?? index)
        }

        /// `count` ASCII digits as a number.
        mutating func number(_ count: Int, _ field: String) throws(Failure) -> Int {
            var value = 0
            for _ in 0..<count {
                guard index < bytes.count else {
                    throw failure("the text ends inside the \(field) (\(count) digits expected)")
                }
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else {
                    throw failure("the \(field) needs \(count) ASCII digits")
                }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return value
        }

        /// The next byte, when it is one of `accepted`'s.
        @discardableResult
        mutating func expect(_ accepted: StaticString, _ what: String) throws(Failure) -> UInt8 {
            guard index < bytes.count else { throw failure("the text ends where \(what) was expected") }
            let byte = bytes[index]
            var found = false
            accepted.withUTF8Buffer { found = $0.contains(byte) }
            guard found else { throw failure("\(what) expected") }
            index += 1
            return byte
        }

        /// `YYYY-MM-DD`, as days since 1970-01-01.
        mutating func calendarDay() throws(Failure) -> Int {
            let year = try number(4, "year")
            try expect("-", "'-' after the year")
            let monthStart = index
            let month = try number(2, "month")
            guard (1...12).contains(month) else { throw failure("month \(month) does not exist", at: monthStart) }
            try expect("-", "'-' after the month")
            let dayStart = index
            let day = try number(2, "day")
            let length = RFC3339Date.daysInMonth(month, year: year)
            guard (1...length).contains(day) else {
                throw failure("day \(day) does not exist in \(Parser.monthNames[month - 1]) \(year)", at: dayStart)
            }
            return RFC3339Date.days(year: year, month: month, day: day)
        }

        mutating func end() throws(Failure) {
            guard index == bytes.count else {
                throw failure("\(bytes.count - index) unexpected byte(s) after the timestamp")
            }
        }

        mutating func dateTime() throws(Failure) -> Date {
            let days = try calendarDay()
            try expect("Tt", "'T' between the date and the time")
            let hourStart = index
            let hour = try number(2, "hour")
            guard hour <= 23 else { throw failure("hour \(hour) is out of range 00–23", at: hourStart) }
            try expect(":", "':' after the hour")
            let minuteStart = index
            let minute = try number(2, "minute")
            guard minute <= 59 else { throw failure("minute \(minute) is out of range 00–59", at: minuteStart) }
            try expect(":", "':' after the minute")
            let secondStart = index
            let second = try number(2, "second")
            if second == 60 {
                throw failure(
                    "leap seconds (:60) are not accepted (a Date cannot hold one); write :59", at: secondStart)
            }
            guard second <= 59 else { throw failure("second \(second) is out of range 00–59", at: secondStart) }
            var nanoseconds = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                var digits = 0
                while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                    if digits < 9 { nanoseconds = nanoseconds * 10 + Int(bytes[index] - 0x30) }
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { throw failure("a '.' with no digits of fractional seconds") }
                for _ in digits..<max(digits, 9) { nanoseconds *= 10 }
            }
            let offsetStart = index
            let zone = try expect("Zz+-", "a time zone ('Z' or an offset such as +01:00)")
            var offset = 0
            if zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-") {
                let offsetHour = try number(2, "offset's hours")
                try expect(":", "':' inside the offset")
                let offsetMinute = try number(2, "offset's minutes")
                guard offsetHour <= 23, offsetMinute <= 59 else {
                    throw failure("the offset is out of range (at most ±23:59)", at: offsetStart)
                }
                offset = (offsetHour * 3600 + offsetMinute * 60) * (zone == UInt8(ascii: "-") ? -1 : 1)
            }
            try end()
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
            // 0000-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z in UTC.
            guard seconds >= -62_167_219_200, seconds < 253_402_300_800 else {
                throw failure("the instant falls outside years 0000–9999 in UTC", at: offsetStart)
            }
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
            // 9999-12-31T23:59:59.9999999Z is in range, but the nearest Date is 10000-01-01 (found
            // by fuzzing): refused, so that what is read can always be written back.
            guard date.timeIntervalSince1970 < 253_402_300_800 else {
                throw failure("the instant rounds to 10000-01-01T00:00:00Z, outside years 0000–9999", at: offsetStart)
            }
            return date
        }

        static let monthNames = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
    }
}
