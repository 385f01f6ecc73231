/// The conversions of a printf-style format (`String(format:)`, `stringWithFormat:`) in order, each saying
/// whether it splices text (`%@`, `%s`) or a number (`%d`, `%ld`, `%lu`, `%f`, …). A `*` width or precision
/// takes a number argument of its own; `%%` takes none. Positional forms (`%1$@`) are read in the order
/// written, which is what formats in apps do.
///
/// ```swift
/// FormatSpecifiers.conversions(in: "SELECT * FROM t WHERE a = '%@' LIMIT %ld")  // [.text, .number]
/// ```
enum FormatSpecifiers {
    enum Conversion: Equatable {
        /// `%@`, `%s`, `%S`, `%c`: text goes into the string.
        case text
        /// `%d`, `%i`, `%u`, `%ld`, `%lu`, `%f`, `%x`, `%p`, …: a number, which cannot carry SQL.
        case number
    }

    static let flags: Set<Character> = ["-", "+", " ", "#", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "$"]
    static let lengths: Set<Character> = ["h", "l", "q", "z", "t", "j", "L"]
    static let numbers: Set<Character> = [
        "d", "i", "u", "o", "x", "X", "f", "F", "e", "E", "g", "G", "a", "A", "p", "D", "U", "O",
    ]

    /// The conversions of `format`, one per argument they take.
    static func conversions(in format: String) -> [Conversion] {
        var result: [Conversion] = []
        var characters = format[...]
        while let percent = characters.firstIndex(of: "%") {
            characters = characters[characters.index(after: percent)...]
            guard let first = characters.first else { break }
            if first == "%" {
                characters = characters.dropFirst()
                continue
            }
            while let next = characters.first, flags.contains(next) || next == "*" {
                if next == "*" { result.append(.number) }
                characters = characters.dropFirst()
            }
            while let next = characters.first, lengths.contains(next) { characters = characters.dropFirst() }
            guard let conversion = characters.first else { break }
            characters = characters.dropFirst()
            result.append(numbers.contains(conversion) ? .number : .text)
        }
        return result
    }
}
