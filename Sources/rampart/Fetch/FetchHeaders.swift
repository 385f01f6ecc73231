import Foundation
import RampartHTTP

/// The `-H` arguments of `rampart fetch`: `'Name: value'`, or `@FILE` with one header a line
/// (blank lines and `#` comments skipped), so that secrets such as `Authorization` need not
/// appear on the command line, where every user of the machine can read them.
enum FetchHeaders {
    /// Header names whose values are credentials: given on the command line, they earn a warning.
    static let sensitive: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The headers of every `-H` argument, in order.
    static func parse(_ arguments: [String]) throws -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        for argument in arguments {
            if argument.hasPrefix("@") {
                let path = String(argument.dropFirst())
                for line in try lines(of: path) {
                    headers.append(try header(line, source: "-H @\(path)"))
                }
            } else {
                let parsed = try header(argument, source: "-H")
                if sensitive.contains(parsed.name.lowercased()) {
                    Terminal.warn(
                        "rampart: warning: the \(parsed.name) header on the command line is visible to every user "
                            + "of this machine (ps, /proc); put it in a file and pass -H @FILE")
                }
                headers.append(parsed)
            }
        }
        return headers
    }

    private static func lines(of path: String) throws -> [Substring] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure("-H @\(path): no such file", status: .noInput)
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: (1 << 20) + 1) ?? Data()
        } catch {
            throw CommandFailure("-H @\(path): cannot read it (\(error.localizedDescription))", status: .noInput)
        }
        guard data.count <= 1 << 20 else {
            throw CommandFailure("-H @\(path): longer than 1 MiB; a header file holds a few lines", status: .dataError)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("-H @\(path): not UTF-8 text", status: .dataError)
        }
        return text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" }
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
            .filter { !$0.allSatisfy(\.isWhitespace) && !$0.hasPrefix("#") }
    }

    private static func header(_ text: some StringProtocol, source: String) throws -> (name: String, value: String) {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw CommandFailure(
                "\(source) \(String(String(text).prefix(40)).debugDescription): expected 'Name: value'", status: .usage)
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard RequestSyntax.isToken(name), !value.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw CommandFailure(
                "\(source) \(String(name.prefix(40)).debugDescription): a header name is a token (no spaces or separators) "
                    + "and a value has no line breaks",
                status: .usage)
        }
        return (name, value)
    }
}
