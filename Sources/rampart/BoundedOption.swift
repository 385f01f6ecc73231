import ArgumentParser

/// Numeric options with a documented range, checked while the command line is parsed: a value
/// outside it (or not a number at all: `inf`, `nan`, `1e400`, a count past `Int.max`) is a usage
/// error (exit 2) naming the option and the range, before any file is read or any connection is
/// made. Inside the range every later conversion is safe (`Double` seconds to `Int64`
/// milliseconds or nanoseconds, byte counts to `Int`), so no option can reach a trapping
/// conversion.
///
/// ```swift
/// @Option(help: "Seconds per connection (0.1…3600, default 10).", transform: BoundedOption.seconds(0.1...3600))
/// var timeout: Double = 10
/// @Option(help: "The deepest nesting (1…512, default 32).", transform: BoundedOption.integer(1...512))
/// var maxDepth: Int = 32
/// ```
enum BoundedOption {
    /// Seconds from 0.1 to an hour: the range of every timeout and deadline option.
    static let timeoutSeconds: ClosedRange<Double> = 0.1...3600

    /// A whole number in `range` (decimal digits, an optional sign).
    static func integer(_ range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text), range.contains(value) else {
                throw ValidationError("expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
    }

    /// A finite number of seconds in `range` (`1`, `2.5`).
    static func seconds(_ range: ClosedRange<Double> = timeoutSeconds) -> @Sendable (String) throws -> Double {
        { text in
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw ValidationError(
                    "expected a number of seconds from \(shown(range.lowerBound)) to \(shown(range.upperBound))")
            }
            return value
        }
    }

    /// `value` without a trailing `.0`.
    private static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
