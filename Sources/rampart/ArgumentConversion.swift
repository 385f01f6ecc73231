import ArgumentParser

/// An option's value converted as ArgumentParser converts it (``ExpressibleByArgument``), for the
/// plain readings of command lines (``PlainArguments``), which must give the same values.
///
/// ```swift
/// let seconds: Double = try ArgumentConversion.value("2.5")
/// ```
enum ArgumentConversion {
    /// `text` as a `Value`, or an error when ArgumentParser would refuse it.
    static func value<Value: ExpressibleByArgument>(_ text: String) throws -> Value {
        guard let value = Value(argument: text) else { throw ValidationError("'\(text)' is not a valid value") }
        return value
    }
}
