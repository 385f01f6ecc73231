// The last line of defence for shells: one argument in single quotes. The first line is an
// argument array given to the program directly, with no shell at all, shown beside it.

import Foundation

/// Quotes text as one POSIX shell word.
///
/// **This is the last line of defence.** The first is to run the program with an argument array,
/// so no shell ever parses the value:
///
/// ```swift
/// // First: no shell.
/// let process = Process()
/// process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
/// process.arguments = [inputPath, "-resize", "50%", outputPath]
///
/// // Last: only where a command line must be written for a shell (a generated script).
/// let line = "convert " + (try ShellArgument.quote(inputPath)) + " out.png"
/// // it's; rm -rf ~ → 'it'\''s; rm -rf ~'
/// ```
public enum ShellArgument {
    /// Why a value cannot be quoted.
    public enum Refusal: Error, Sendable, Hashable {
        /// A NUL character: no shell argument can hold one.
        case nulCharacter
    }

    /// The text in single quotes, each `'` written as `'\''`; nothing inside is expanded.
    public static func quote(_ text: String) throws(Refusal) -> String {
        guard !text.unicodeScalars.contains("\0") else { throw .nulCharacter }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
